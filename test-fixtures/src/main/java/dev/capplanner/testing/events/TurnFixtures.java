package dev.capplanner.testing.events;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Turn events as the demo chat backend publishes them: tenant acme, project support-desk. */
public final class TurnFixtures {

    public static final String TENANT = "acme";
    public static final String PROJECT = "support-desk";

    private TurnFixtures() {
    }

    public static RunContext run(String runId) {
        return new RunContext(runId, "turn-" + runId, 0, TENANT, PROJECT, "conv-" + runId,
                new Principal("u-17", List.of("support-agent")));
    }

    public static TurnRequested turn(String runId, String question) {
        return new TurnRequested(RunEvent.SCHEMA_VERSION, UUID.randomUUID().toString(),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), run(runId), question, List.of(), null);
    }

    public static String json(RunEvent event) {
        return RunEventJson.toJson(event);
    }

    /**
     * CloudEvents binary-mode headers, plus a W3C traceparent so a test knows the trace id to expect;
     * a turn carries its principal token too, signed by the tests' identity provider.
     */
    public static Map<String, String> headers(RunEvent event, String traceId) {
        Map<String, String> headers = new java.util.LinkedHashMap<>(CloudEventHeaders.of(event,
                "urn:capplanner:test-chat-backend", new TraceParent(traceId, TraceParent.newTrace().parentId())));
        if (event instanceof TurnRequested) {
            headers.put(PrincipalHeader.NAME, TestPrincipals.headerFor(event.run()));
        }
        return headers;
    }

    public static String newTraceId() {
        return TraceParent.newTrace().traceId();
    }

    /** The trace id of a W3C traceparent header value. */
    public static String traceIdOf(String traceparent) {
        return TraceParent.traceIdOf(traceparent).orElse(null);
    }
}
