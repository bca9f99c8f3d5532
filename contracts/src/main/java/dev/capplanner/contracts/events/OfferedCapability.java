package dev.capplanner.contracts.events;

/** A capability as a help answer lists it; {@code description} is untrusted source text, to show, never follow. */
public record OfferedCapability(String name, String entity, String operation, String description) {
}
