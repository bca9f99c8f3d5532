package dev.capplanner.eventbus;

import java.util.Map;

/**
 * Every service logs plain lines unless told otherwise: quarkus-logging-json would print JSON by
 * default, which a laptop and the local stack do not want. Kubernetes turns JSON on
 * ({@code QUARKUS_LOG_CONSOLE_JSON_ENABLED=true}): its "mdc" then carries the trace and span ids, so a
 * log line and its trace can be joined.
 */
public final class LogDefaults extends SharedDefaults {

    public LogDefaults() {
        super("capplanner-log-defaults", Map.of("quarkus.log.console.json.enabled", "false"));
    }
}
