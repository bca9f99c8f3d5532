package dev.capplanner.planner.config;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.eventbus.snapshots.SnapshotServiceBodies;
import dev.capplanner.eventbus.snapshots.SnapshotServiceConnections;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.classification.ClassifyingPlanner;
import dev.capplanner.planner.classification.RequestClassifier;
import dev.capplanner.planner.classification.WordClassifier;
import dev.capplanner.planner.direct.DirectCalls;
import dev.capplanner.planner.langchain.LangChainPlanningModel;
import dev.capplanner.planner.llm.LegacyLlmPlanner;
import dev.capplanner.planner.llm.LlmClassifier;
import dev.capplanner.planner.llm.LlmPlanner;
import dev.capplanner.planner.llm.ModelFallbacks;
import dev.capplanner.planner.llm.PromptTokens;
import dev.capplanner.planner.mode.RuntimeModePlanner;
import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.telemetry.MeteredModelFallbacks;
import dev.capplanner.planner.validation.PlanValidator;
import dev.langchain4j.model.chat.ChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/** Wires the framework-free planning core, and fails the start when plans or comparisons could not be sealed or snapshots not verified. */
public class PlannerBeans {

    private static final Logger LOG = Logger.getLogger(PlannerBeans.class);

    void checkSealKeys(@Observes StartupEvent started, PlanSeals seals, SnapshotSeals snapshotSeals,
                       @Named(SealKeys.COMPARISONS) FactSeals comparisonSeals,
                       @Named(SealKeys.ROUTES) FactSeals routeSeals,
                       @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals) {
        if (!seals.keys().canSeal()) {
            throw new IllegalStateException("capplanner.plan-seal.active-key is not set: the planner seals every plan");
        }
        if (!comparisonSeals.keys().canSeal()) {
            throw new IllegalStateException("capplanner.comparison-seal.active-key is not set: the planner seals every"
                    + " comparison (the report service stores no other)");
        }
    }

    /** The chat model is a client proxy: nothing connects to a provider unless the LLM planner is on and asks. */
    @Produces
    @Singleton
    RuntimeModePlanner iterationPlanner(PlannerConfig config, ChatModel chatModel, MeterRegistry meters,
                                      @ConfigProperty(name = "quarkus.langchain4j.openai.chat-model.model-name",
                                              defaultValue = "gpt-4o-mini") String modelName) {
        if (!config.llm().enabled()) {
            return withoutModel(config);
        }
        PlanValidator validator = new PlanValidator(new JsonSchemaArguments());
        ArgumentBinder binder = new ArgumentBinder();
        PromptTokens tokens = PromptTokens.forModel(modelName);
        LOG.infof("llm planner on: model %s, prompt tokens counted with %s, llm classifier %s", modelName,
                tokens.encodingName(), config.llm().classify() ? "on" : "off");
        LangChainPlanningModel model = new LangChainPlanningModel(chatModel);
        ModelFallbacks fallbacks = new MeteredModelFallbacks(meters);
        RequestClassifier classifier = config.llm().classify()
                ? new LlmClassifier(model, new WordClassifier(), fallbacks) : new WordClassifier();
        return planners(classifier, new LegacyLlmPlanner(model, tokens, new ClassicPlanner(binder), fallbacks),
                new LlmPlanner(model, validator, tokens, new CapabilityPlanner(binder, validator), fallbacks), config);
    }

    /** Direct calls are validated by the same rules as every plan, without a model. */
    @Produces
    @Singleton
    DirectCalls directCalls() {
        return new DirectCalls(new PlanValidator(new JsonSchemaArguments()));
    }

    /**
     * Planning without a model: the service's planners when the LLM is off, and always the start-up
     * warm-up's (a start-up must not call a model; these are the LLM planners' fallbacks anyway).
     */
    public static RuntimeModePlanner withoutModel(PlannerConfig config) {
        ArgumentBinder binder = new ArgumentBinder();
        return planners(new WordClassifier(), new ClassicPlanner(binder),
                new CapabilityPlanner(binder, new PlanValidator(new JsonSchemaArguments())), config);
    }

    private static RuntimeModePlanner planners(RequestClassifier classifier, CapabilityPlanning legacy,
                                             CapabilityPlanning capability, PlannerConfig config) {
        // Classification comes before planning in every mode, the legacy path's included.
        return new RuntimeModePlanner(new ClassifyingPlanner(classifier, legacy, PlannerKind.CLASSIC),
                new ClassifyingPlanner(classifier, capability), config.shadowBaseline());
    }

    @Produces
    @Singleton
    SnapshotServiceApi snapshotService(PlannerConfig config, ServiceCredentials credentials) {
        return SnapshotServiceConnections.connect(config.snapshotService().url(), config.snapshotService().timeout(),
                credentials);
    }

    @Produces
    @Singleton
    VerifiedSnapshots verifiedSnapshots(SnapshotSeals seals, PlannerConfig config, SnapshotServiceApi snapshotService) {
        return new VerifiedSnapshots(seals, new SnapshotServiceBodies(snapshotService),
                config.snapshotService().cacheCapacity());
    }
}
