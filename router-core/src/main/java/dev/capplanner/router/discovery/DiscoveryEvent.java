package dev.capplanner.router.discovery;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code tool_discovery} log event (rule "discovery log without content"): counts, tool names, limits and
 * latency. Built only from the offer, never from the request's text, so the question, customer
 * names, amounts, e-mails and document ids cannot reach the log.
 */
public final class DiscoveryEvent {

    public static final String NAME = "tool_discovery";

    private DiscoveryEvent() {
    }

    public static Map<String, Object> fields(DiscoveryOffer offer) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("event", NAME);
        fields.put("channel", offer.channel());
        fields.put("mode", offer.executionMode());
        fields.put("mutation", offer.mutation());
        fields.put("strategy", offer.strategy());
        fields.put("candidate_count", offer.authorizedCount());
        fields.put("selected_count", offer.candidates().size());
        fields.put("selected_tools", offer.candidates().stream().map(OfferedTool::name).toList());
        fields.put("requested_limit", offer.requestedLimit());
        fields.put("limit", offer.effectiveLimit());
        fields.put("denied_count", offer.deniedCount());
        fields.put("discovery_latency_ms", Math.round(offer.latencyMs() * 1000) / 1000.0);
        return fields;
    }

    /** One line of {@code key=value} pairs, in a stable order. */
    public static String line(DiscoveryOffer offer) {
        StringBuilder line = new StringBuilder();
        fields(offer).forEach((key, value) -> line.append(line.length() == 0 ? "" : " ").append(key).append('=')
                .append(value));
        return line.toString();
    }
}
