package dev.capplanner.planner.capability;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.planner.validation.PlanValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The capability planner: walks the routed candidates in rank order and plans the first one whose
 * required arguments can all be bound, then validates the plan. Without a bindable, valid
 * candidate it answers {@code insufficient} and says why, rather than guessing.
 */
public final class CapabilityPlanner {

    private final ArgumentBinder binder;
    private final PlanValidator validator;

    public CapabilityPlanner(ArgumentBinder binder, PlanValidator validator) {
        this.binder = binder;
        this.validator = validator;
    }

    public Plan plan(String question, Selection selection, List<Candidate> candidates, List<Grant> grants) {
        if (candidates.isEmpty()) {
            return Plan.insufficient(Plan.CAPABILITY, "no capability was routed for this question");
        }
        Map<String, Capability> routed = new LinkedHashMap<>();
        candidates.forEach(c -> routed.put(c.capability().name(), c.capability()));
        Map<String, Grant> snapshot = new LinkedHashMap<>();
        grants.forEach(g -> snapshot.put(g.name(), g));
        List<String> tried = new ArrayList<>();
        for (Candidate candidate : candidates) {
            Capability capability = candidate.capability();
            Optional<Map<String, Object>> arguments = binder.bind(capability, question, selection);
            if (arguments.isEmpty()) {
                tried.add(capability.name() + " (unbound arguments)");
                continue;
            }
            Plan plan = Plan.actions(Plan.CAPABILITY,
                    List.of(new PlannedAction("a1", capability.name(), arguments.get(), List.of())));
            List<String> violations = validator.violations(plan, routed, snapshot);
            if (violations.isEmpty()) {
                return plan;
            }
            tried.add(capability.name() + " (" + String.join("; ", violations) + ")");
        }
        return Plan.insufficient(Plan.CAPABILITY, "no routed candidate could be planned: " + String.join(", ", tried));
    }
}
