package dev.capplanner.corpus;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.ValueSource;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.llm.LlmPlanner;
import dev.capplanner.planner.llm.PromptTokens;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.reports.mapping.ReportEvents;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.Route;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One corpus entry through every stage, in process, with the cores the services run: the MCP and
 * OpenAPI imports, the snapshot's reads, the deterministic router over a keyword index, the
 * deterministic planner and the LLM planner over the hostile model, the executor (last mile and call
 * path) with a recording invoker for each plan and for each of the model's proposals unvalidated,
 * and the shadow report as the report service maps and masks it before storing.
 */
final class Pipeline {

    static final String DEFAULT_QUESTION = "Show the orders of customer C-1001";
    static final RunContext RUN = new RunContext("run-1", "turn-1", 0, "acme", "desk", "conv-1",
            new Principal("u-1", List.of("agent")));
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    /** Loading an encoding takes a while; one counter serves every entry. */
    private static final PromptTokens TOKENS = PromptTokens.forModel("gpt-4o-mini");

    private final ReportMasker masker;

    Pipeline(ReportMasker masker) {
        this.masker = masker;
    }

    /** One execution: which plan, what the executor was asked, what it answered and the calls it made. */
    record Execution(String label, ExecutionRequest request, ExecutionReport report, List<RecordingInvoker.Call> calls) {
    }

    /** What every stage did with one entry. */
    record Trace(CorpusEntry entry, String question, List<String> refusals, List<Capability> snapshot,
                 List<String> routed, Map<String, PlanAttempt> plans, List<Execution> executions, String storedReport) {
    }

    /** The turn's contract, as every service's edge applies it to a published turn. */
    private static final RunEventDecoder EDGE = new RunEventDecoder(new EventSchemas());

    Trace run(CorpusEntry entry) throws Exception {
        String question = entry.plantedIn("question") ? entry.plantedText() : DEFAULT_QUESTION;
        List<String> refusals = new ArrayList<>();
        try {
            EDGE.decode(RunEventJson.toJson(new TurnRequested(RunEvent.SCHEMA_VERSION, "e-" + entry.id(), Instant.EPOCH,
                    RUN, question, List.of(), null)), EventType.TURN_REQUESTED, TurnRequested.class);
        } catch (RejectedEventException refused) {
            // A clear refusal at the edge (dead-lettered with its reason): the turn never reaches a stage.
            refusals.add("turn refused: " + refused.getMessage());
            return new Trace(entry, question, refusals, List.of(), List.of(), Map.of(), List.of(), "");
        }
        ImportResult mcp = HostileSources.importMcp(entry);
        ImportResult api;
        try {
            api = HostileSources.importOpenApi(entry);
        } catch (OpenApiFormatException refused) {
            // A clear refusal: the registry does not register a document it cannot read, and says why.
            refusals.add("billing import refused: " + refused.getMessage());
            api = new ImportResult("openapi", List.of(), List.of());
        }
        List<Capability> snapshot = HostileSources.snapshot(mcp, api);

        Route route = new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES)
                .route(new RankingQuery(question, List.of(), null), KeywordIndex.build(snapshot));
        List<ToolSpec> routed = route.candidates().stream()
                .flatMap(c -> RoutedTools.slot(c.capability(), c.lookAlikes(), c.score() > 0).stream()).toList();
        PlanningRequest request = new PlanningRequest(question, List.of(), null, routed,
                Map.of("project", "desk", "roles", List.of("agent")), List.of(), false);

        PlanValidator validator = new PlanValidator(new JsonSchemaArguments());
        CapabilityPlanner deterministic = new CapabilityPlanner(new ArgumentBinder(), validator);
        HostileModel model = new HostileModel(entry);
        LlmPlanner llm = new LlmPlanner(model, validator, TOKENS, deterministic);
        Map<String, PlanAttempt> plans = new LinkedHashMap<>();
        plans.put("deterministic", deterministic.plan(request));
        plans.put("llm", llm.plan(request));

        List<Execution> executions = new ArrayList<>();
        for (Map.Entry<String, PlanAttempt> planned : plans.entrySet()) {
            executions.add(execute(entry, planned.getKey(), contractPlan(planned.getValue().plan()), snapshot));
        }
        List<Map<String, Object>> proposals = model.proposals();
        for (int i = 0; i < proposals.size(); i++) {
            executions.add(execute(entry, "unvalidated proposal " + (i + 1), proposedPlan(proposals.get(i)), snapshot));
        }

        ShadowCompared compared = new ShadowCompared("v1", "e-" + entry.id(), Instant.EPOCH, RUN, "shadow", question,
                snapshotRef(snapshot), route.candidates().stream().map(c -> c.capability().name()).toList(),
                contractPlan(plans.get("deterministic").plan()), contractPlan(plans.get("llm").plan()), false, 1,
                plans.get("deterministic").note(), plans.get("llm").promptTokens(), plans.get("llm").note());
        String stored = JSON.writeValueAsString(new ReportEvents(masker).fromComparison(compared, Instant.EPOCH));
        return new Trace(entry, question, refusals, snapshot, routed.stream().map(ToolSpec::name).toList(), plans, executions,
                stored);
    }

    private static Execution execute(CorpusEntry entry, String label, Plan plan, List<Capability> snapshot) {
        RecordingInvoker invoker = new RecordingInvoker(entry);
        PlanExecutor executor = new PlanExecutor(lastMile(), invoker, new EvidenceSummarizer());
        PlanProposed proposed = new PlanProposed("v1", "e-" + entry.id(), Instant.EPOCH, RUN, "capability",
                snapshotRef(snapshot), plan, null, null);
        ExecutionRequest request = ExecutionEvents.request(proposed, snapshot);
        ExecutionReport report = executor.execute(request).toCompletableFuture().join();
        return new Execution(label, request, report, invoker.calls());
    }

    /** The executor's last mile with both targets configured and a registry that allows every snapshot tool. */
    static LastMileAuthorizer lastMile() {
        return new LastMileAuthorizer(java.util.Set.of(HostileSources.MCP_SERVER, HostileSources.API),
                (run, principal, tool) -> CompletableFuture.completedFuture(AuthorizationDecision.allow()),
                new JsonSchemaArgumentCheck());
    }

    private static SnapshotRef snapshotRef(List<Capability> snapshot) {
        return new SnapshotRef("sha256:" + "0".repeat(64), 1, snapshot.size(), "acme", "desk", "none");
    }

    /** A planner's plan as the plan event carries it (what the planner service publishes). */
    static Plan contractPlan(ToolPlan plan) {
        if (plan instanceof ToolPlan.Actions actions) {
            return Plan.actions(Plan.CAPABILITY, actions.actions().stream().map(Pipeline::action).toList());
        }
        if (plan instanceof ToolPlan.Insufficient insufficient) {
            return Plan.insufficient(Plan.CAPABILITY, insufficient.reason());
        }
        if (plan instanceof ToolPlan.Help help) {
            return Plan.help(Plan.CAPABILITY, help.guidance());
        }
        ToolPlan.Refused refused = (ToolPlan.Refused) plan;
        return Plan.refused(Plan.CAPABILITY, refused.reason(), refused.alternative());
    }

    private static PlannedAction action(PlannedCall call) {
        Map<String, ValueSource> from = new LinkedHashMap<>();
        call.from().forEach((argument, source) -> from.put(argument, new ValueSource(source.action(), source.path())));
        return new PlannedAction(call.id(), call.tool(), call.arguments(), call.dependsOn(), from, call.fanOut());
    }

    @SuppressWarnings("unchecked")
    private static Plan proposedPlan(Map<String, Object> proposal) {
        List<PlannedAction> actions = new ArrayList<>();
        for (Object action : (List<Object>) proposal.get("actions")) {
            Map<String, Object> call = (Map<String, Object>) action;
            actions.add(new PlannedAction(String.valueOf(call.get("id")), String.valueOf(call.get("tool")),
                    (Map<String, Object>) call.get("args"), List.of()));
        }
        return Plan.actions(Plan.CAPABILITY, actions);
    }
}
