package dev.capplanner.executor.telemetry;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Every last-mile denial becomes an audit record and a metric (besides the normalized error the
 * evidence carries): a {@code call_denied} line on the {@code capplanner.audit} log category with the
 * run, principal, tool and rule, and the counter {@code capplanner_executor_denials_total} by tool
 * and rule. Reasons name rules and argument locations, never argument values.
 */
@ApplicationScoped
public class DenialAudit {

    static final String METRIC = "capplanner.executor.denials";
    private static final Logger AUDIT = Logger.getLogger("capplanner.audit");

    private final MeterRegistry meters;

    public DenialAudit(MeterRegistry meters) {
        this.meters = meters;
    }

    public void record(RunContext run, ExecutionReport report) {
        for (CallOutcome outcome : report.results()) {
            if (outcome instanceof CallOutcome.Denied denied) {
                AUDIT.infof("call_denied runId=%s tenant=%s project=%s user=%s action=%s tool=%s rule=%s reason=%s",
                        run.runId(), run.tenantId(), run.projectId(), run.principal().userId(), denied.actionId(),
                        denied.tool(), denied.rule().wireName(), denied.reason());
                Counter.builder(METRIC).description("Calls the executor's last mile refused, by tool and rule")
                        .tag("tool", denied.tool()).tag("rule", denied.rule().wireName())
                        .register(meters).increment();
            }
        }
    }
}
