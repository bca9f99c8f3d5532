package dev.capplanner.capabilityplans;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.capabilityplans.language.CompiledCapabilityPlan;
import dev.capplanner.capabilityplans.registration.CapabilityDirectory;
import dev.capplanner.capabilityplans.registration.CapabilityPlanRegistration;
import dev.capplanner.capabilityplans.registration.RegisteredCapability;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.kb.KnowledgeBaseImporter;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.openapi.OpenApiImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every complete plan docs/plans.md shows, and every demo plan, conforms to the schema and passes
 * registration against the demo's capabilities as the local stack imports them (the demo API's
 * OpenAPI document, its tenant parameter bound from the run context, and the help center).
 */
class DocumentedPlansTest {

    private static final Path ROOT = Path.of(System.getProperty("capplanner.docs.dir", "../docs")).getParent();
    private static final Pattern JSON_BLOCK = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyPlanTheGuideShowsPassesRegistration() throws IOException {
        List<String> blocks = new ArrayList<>();
        Matcher matcher = JSON_BLOCK.matcher(Files.readString(ROOT.resolve("docs/plans.md")));
        while (matcher.find()) {
            blocks.add(matcher.group(1));
        }

        assertThat(blocks).isNotEmpty();
        for (String block : blocks) {
            CompiledCapabilityPlan plan = CapabilityPlanRegistration.check(PlanTexts.read(block), demoDirectory());
            assertThat(plan.steps()).isNotEmpty();
        }
    }

    @Test
    void everyDemoPlanPassesRegistrationAndTheyCoverEveryStepKind() throws IOException {
        List<CompiledCapabilityPlan> plans = new ArrayList<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("demo/plans"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                plans.add(CapabilityPlanRegistration.check(PlanTexts.read(Files.readString(file)), demoDirectory()));
            }
        }

        assertThat(plans).extracting(CompiledCapabilityPlan::name).containsExactly("accounts.standing", "orders.delivery-risk");
        assertThat(plans.stream().flatMap(plan -> plan.steps().stream()).map(step -> step.kind()).distinct())
                .containsExactlyInAnyOrder("lookup", "scan", "sum", "count", "exists", "search");
    }

    /** The demo's capabilities, imported as the local stack registers them. */
    static CapabilityDirectory demoDirectory() throws IOException {
        Map<String, RegisteredCapability> capabilities = new HashMap<>();
        List<ImportedCapability> imported = new ArrayList<>(new OpenApiImporter().importDocument(
                JSON.readTree(ROOT.resolve("demo-api/src/main/resources/META-INF/resources/openapi.json").toFile()),
                "demo-api", Set.of("tenant")).capabilities());
        imported.addAll(new KnowledgeBaseImporter().describe("help-center", "http://localhost/kb/search", "")
                .capabilities());
        for (ImportedCapability capability : imported) {
            ObjectNode input = capability.inputSchema().deepCopy();
            if (input.path("properties").has("tenant")) {
                ((ObjectNode) input.path("properties").path("tenant")).put(InputSchema.BIND_MARK, "tenant");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = JSON.convertValue(input, Map.class);
            capabilities.put(capability.id(), new RegisteredCapability(capability.id(), capability.readOnly(), schema,
                    null));
        }
        return name -> Optional.ofNullable(capabilities.get(name));
    }

    static CapabilityPlan demoPlan(String file) throws IOException {
        return PlanTexts.read(Files.readString(ROOT.resolve("demo/plans/" + file)));
    }
}
