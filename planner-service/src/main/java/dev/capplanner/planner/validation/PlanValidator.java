package dev.capplanner.planner.validation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Grant;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a capability plan before anything runs (askmydocs "plans, references and re-planning"):
 * every tool is in the immutable snapshot and read-only, was routed (so its schema is known),
 * gets arguments that conform to its input JSON Schema, and depends only on earlier actions.
 */
public final class PlanValidator {

    private static final JsonSchemaOptions OPTIONS = new JsonSchemaOptions()
            .setDraft(Draft.DRAFT202012)
            .setBaseUri("https://capplanner.dev/tools/")
            .setOutputFormat(OutputFormat.Basic);

    public List<String> violations(Plan plan, Map<String, Capability> routed, Map<String, Grant> snapshotGrants) {
        List<String> violations = new ArrayList<>();
        Set<String> earlier = new HashSet<>();
        for (PlannedAction action : plan.actions()) {
            Grant grant = snapshotGrants.get(action.tool());
            if (grant == null) {
                violations.add(action.id() + ": tool " + action.tool() + " is not in the snapshot");
            } else if (!grant.readOnly()) {
                violations.add(action.id() + ": tool " + action.tool() + " is not read-only");
            }
            Capability capability = routed.get(action.tool());
            if (capability == null) {
                violations.add(action.id() + ": tool " + action.tool() + " was not routed");
            } else {
                argumentViolations(action, capability).forEach(violations::add);
            }
            for (String dependency : action.dependsOn()) {
                if (!earlier.contains(dependency)) {
                    violations.add(action.id() + ": depends on " + dependency + ", which is not an earlier action");
                }
            }
            if (!earlier.add(action.id())) {
                violations.add(action.id() + ": duplicate action id");
            }
        }
        return violations;
    }

    private static List<String> argumentViolations(PlannedAction action, Capability capability) {
        // Deep, mutable copies: the validator annotates the schema object it is given.
        OutputUnit result = Validator.create(JsonSchema.of(new JsonObject(Json.encode(capability.inputSchema()))), OPTIONS)
                .validate(new JsonObject(Json.encode(action.arguments())));
        if (Boolean.TRUE.equals(result.getValid())) {
            return List.of();
        }
        List<OutputUnit> errors = result.getErrors() == null || result.getErrors().isEmpty()
                ? List.of(result) : result.getErrors();
        return errors.stream()
                .map(e -> action.id() + ": arguments of " + action.tool() + " " + e.getInstanceLocation() + ": " + e.getError())
                .distinct()
                .toList();
    }
}
