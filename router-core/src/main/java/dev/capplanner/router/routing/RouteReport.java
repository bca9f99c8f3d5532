package dev.capplanner.router.routing;

import java.util.List;

/**
 * How a structured router's answer was checked: names outside the snapshot it gave (dropped),
 * omitted families it asked to see, and why the deterministic route was used instead, if it was.
 * Names and counts only, never the model's text.
 */
public record RouteReport(int droppedNames, List<String> requestedFamilies, String fallbackReason) {

    public RouteReport {
        requestedFamilies = requestedFamilies == null ? List.of() : List.copyOf(requestedFamilies);
    }

    public static RouteReport none() {
        return new RouteReport(0, List.of(), null);
    }
}
