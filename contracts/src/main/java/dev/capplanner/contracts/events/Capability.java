package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/** One authorized, read-only capability as the per-run snapshot holds it. */
public record Capability(
        String name,
        String kind,
        String family,
        String entity,
        String operation,
        String description,
        List<String> aliases,
        boolean readOnly,
        Endpoint endpoint,
        Map<String, Object> inputSchema,
        String outputCollectionPath) {

    public Capability {
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        inputSchema = Map.copyOf(inputSchema);
    }
}
