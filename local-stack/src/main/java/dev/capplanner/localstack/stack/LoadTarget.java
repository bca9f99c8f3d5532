package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import java.util.Map;
import java.util.Optional;

/** The stack a load run publishes to and measures: one it started ({@link LocalStack}) or one already running. */
public interface LoadTarget {

    String kafkaBootstrapServers();

    /** The demo API and the five services, by name. */
    Map<String, ? extends StackService> apps();

    /** Where stored shadow reports are counted (the duplicates fault), when the run may read them. */
    Optional<ReportAccess> reports();

    /** The turns' spans, when they are exported to this process. */
    Optional<OtlpTraceReceiver> traceReceiver();

    /** The port PostgreSQL listens on (its processes are found by it, on this machine). */
    int databasePort();

    /** Signs each turn's principal token as the stack's chat backend. */
    PrincipalTokenSigner turnSigner();

    /** Whether this process started the stack (the Kafka broker runs in it). */
    boolean startedHere();

    /** The report API and a token of an analyst of the demo tenants. */
    record ReportAccess(String url, String bearerToken) {
    }
}
