package dev.capplanner.snapshot.capabilityplan;

import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A registered plan as a snapshot holds it: a read-only capability of kind {@code plan}, ranked by
 * its description and aliases, called with its caller arguments (hidden ones bound by the executor),
 * carrying its definition (version included) for the executor to run.
 */
public final class CapabilityPlanEntry {

    /** The family every plan belongs to: plans are offered side by side, never crowded out as look-alikes. */
    public static final String FAMILY = "plan";

    private CapabilityPlanEntry() {
    }

    public static Capability of(RegisteredCapabilityPlan registered, RegistryState state) {
        CapabilityPlan plan = registered.plan();
        List<String> fields = new ArrayList<>();
        fields.add("decision");
        plan.payload().keySet().stream().sorted().forEach(fields::add);
        return new Capability(plan.name(), Capability.PLAN_KIND, FAMILY, entity(registered, state),
                Capability.PLAN_OPERATION,
                plan.description(), plan.aliases(), true, Endpoint.plan(plan.name()),
                CapabilityPlanCompiler.compile(plan).inputSchema(), null, List.of(), List.of(), null, fields, plan);
    }

    /** The plan's entity, or else that of the capability its first step calls. */
    private static String entity(RegisteredCapabilityPlan registered, RegistryState state) {
        if (registered.plan().entity() != null) {
            return registered.plan().entity();
        }
        String first = registered.plan().steps().get(0).from().capability();
        Optional<String> entity = state.entriesOf(registered.tenantId(), registered.projectId()).stream()
                .filter(entry -> entry.name().equals(first)).map(CatalogEntry::entity).findFirst();
        return entity.orElse(FAMILY);
    }
}
