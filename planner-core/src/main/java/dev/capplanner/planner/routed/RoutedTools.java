package dev.capplanner.planner.routed;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.List;

/** A snapshot capability as the planner sees it (the one place the core's vocabulary meets the contract's). */
public final class RoutedTools {

    private RoutedTools() {
    }

    /** A routed capability; {@code ranked} when the router scored it for the question, not only added it as a finder. */
    public static ToolSpec toolSpec(Capability capability, boolean ranked) {
        return new ToolSpec(capability.name(), capability.entity(), capability.operation(), capability.readOnly(),
                capability.inputSchema(), capability.outputPaths(),
                capability.inputsFrom().stream().map(s -> new Relationship(s.input(), s.capability(), s.path())).toList(),
                ranked, capability.description(), capability.outputFields(), Capability.inShadow(capability),
                capability.endpoint() == null ? null : capability.endpoint().path());
    }

    /**
     * One place of a route: its capability, then the look-alikes sharing it (ranked as it is: the router
     * found them for the question too), so that a planner can take the provider the question names.
     */
    public static List<ToolSpec> slot(Capability capability, List<Capability> lookAlikes, boolean ranked) {
        List<ToolSpec> tools = new ArrayList<>();
        tools.add(toolSpec(capability, ranked));
        if (lookAlikes != null) {
            lookAlikes.forEach(member -> tools.add(toolSpec(member, ranked)));
        }
        return tools;
    }

    public static ToolSpec toolSpec(Capability capability) {
        return toolSpec(capability, true);
    }
}
