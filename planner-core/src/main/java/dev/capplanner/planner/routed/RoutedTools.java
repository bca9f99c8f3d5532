package dev.capplanner.planner.routed;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.ToolSpec;

/** A snapshot capability as the planner sees it (the one place the core's vocabulary meets the contract's). */
public final class RoutedTools {

    private RoutedTools() {
    }

    /** A routed capability; {@code ranked} when the router scored it for the question, not only added it as a finder. */
    public static ToolSpec toolSpec(Capability capability, boolean ranked) {
        return new ToolSpec(capability.name(), capability.entity(), capability.operation(), capability.readOnly(),
                capability.inputSchema(), capability.outputPaths(),
                capability.inputsFrom().stream().map(s -> new Relationship(s.input(), s.capability(), s.path())).toList(),
                ranked, capability.description(), capability.outputFields());
    }

    public static ToolSpec toolSpec(Capability capability) {
        return toolSpec(capability, true);
    }
}
