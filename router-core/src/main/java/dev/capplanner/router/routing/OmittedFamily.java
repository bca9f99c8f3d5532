package dev.capplanner.router.routing;

import java.util.List;

/** A family the router did not see in full: how many of its capabilities, and which operations. */
public record OmittedFamily(String family, int count, List<String> operations) {
    public OmittedFamily {
        operations = List.copyOf(operations);
    }
}
