package dev.capplanner.contracts.events;

import java.util.List;

/**
 * One capability as the compact snapshot index names it: enough to see what a snapshot holds
 * without its schemas, small enough that an index of 10,000 entries fits one Kafka record. The
 * summary is the description's first sentence, cut to {@link #MAX_SUMMARY} characters.
 */
public record CapabilityIndexEntry(
        String name,
        String family,
        String entity,
        String operation,
        String summary,
        List<String> aliases) {

    public static final int MAX_SUMMARY = 160;
    public static final int MAX_ALIASES = 8;

    public CapabilityIndexEntry {
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
    }

    /** The entry a full definition projects to; a consumer compares both to verify an index. */
    public static CapabilityIndexEntry of(Capability capability) {
        List<String> aliases = capability.aliases();
        return new CapabilityIndexEntry(capability.name(), capability.family(), capability.entity(),
                capability.operation(), summary(capability.description()),
                aliases.size() > MAX_ALIASES ? aliases.subList(0, MAX_ALIASES) : aliases);
    }

    static String summary(String description) {
        String text = description == null ? "" : description.strip();
        int sentenceEnd = text.indexOf(". ");
        if (sentenceEnd >= 0) {
            text = text.substring(0, sentenceEnd + 1);
        }
        if (text.length() <= MAX_SUMMARY) {
            return text;
        }
        int cut = text.lastIndexOf(' ', MAX_SUMMARY - 1);
        return text.substring(0, cut > MAX_SUMMARY / 2 ? cut : MAX_SUMMARY - 1) + "…";
    }
}
