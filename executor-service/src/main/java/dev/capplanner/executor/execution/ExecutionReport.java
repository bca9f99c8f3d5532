package dev.capplanner.executor.execution;

import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.Evidence;
import java.util.List;

/** The observation of one iteration and the turn outcome it leads to. */
public record ExecutionReport(List<ActionResult> results, List<Evidence> evidence, String outcome, String summary) {
    public ExecutionReport {
        results = List.copyOf(results);
        evidence = List.copyOf(evidence);
    }
}
