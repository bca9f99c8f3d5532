package dev.capplanner.executor.mapping;

import dev.capplanner.contracts.events.Diagnostic;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a developer troubleshooting a tenant or user is shown of a turn (opamp, developer mode): for
 * each refused or failed call, the capability, the check that refused it or the normalized failure
 * class; built from the executor's own labels only, so a value, an argument or a remote word cannot
 * get in. Repeats (a fan-out's members) are told once.
 */
public final class TurnDiagnostics {

    private TurnDiagnostics() {
    }

    /** Whether the turn has anything to diagnose (the troubleshooting switch is asked only then). */
    public static boolean worthAsking(ExecutionReport report) {
        return report.results().stream().anyMatch(r -> r instanceof CallOutcome.Denied || r instanceof CallOutcome.Failed);
    }

    public static List<Diagnostic> of(ExecutionReport report) {
        Set<Diagnostic> diagnostics = new LinkedHashSet<>();
        for (CallOutcome result : report.results()) {
            if (diagnostics.size() == TurnCompleted.MAX_DIAGNOSTICS) {
                break;
            }
            if (result instanceof CallOutcome.Denied denied) {
                diagnostics.add(new Diagnostic(denied.tool(), denied.rule().wireName(), null, null));
            } else if (result instanceof CallOutcome.Failed failed) {
                Integer status = failed.httpStatus() != null && failed.httpStatus() >= 100 && failed.httpStatus() <= 599
                        ? failed.httpStatus() : null;
                diagnostics.add(new Diagnostic(failed.tool(), Diagnostic.CALL, failed.kind().wireName(), status));
            }
        }
        return List.copyOf(diagnostics);
    }
}
