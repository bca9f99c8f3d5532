package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classification.ClassifyingPlanner;
import dev.capplanner.planner.classification.RequestKind;
import dev.capplanner.planner.classification.WordClassifier;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rule "request classification": help, command or inspection, decided before planning; one test per rule. */
class RequestClassificationTest {

    final WordClassifier classifier = new WordClassifier();
    final CapabilityPlanner deterministic = new CapabilityPlanner(new ArgumentBinder(),
            new PlanValidator(new JsonSchemaArguments()));
    final ClassifyingPlanner planner = new ClassifyingPlanner(classifier, deterministic);
    final List<ToolSpec> demo = CapabilityFixtures.demo().stream().map(RoutedTools::toolSpec).toList();

    @Test
    void theLegacyPathIsClassifiedFirstTooAndOffersItsOwnPickAsTheReadOnlyAlternative() {
        ClassifyingPlanner legacy = new ClassifyingPlanner(classifier,
                new dev.capplanner.planner.classic.ClassicPlanner(new ArgumentBinder()),
                dev.capplanner.planner.plan.PlannerKind.CLASSIC);
        ToolPlan help = legacy.plan(PlanningRequest.of("What can you do?", null, demo)).plan();
        assertThat(help).isInstanceOf(ToolPlan.Help.class);
        assertThat(help.planner()).isEqualTo(dev.capplanner.planner.plan.PlannerKind.CLASSIC);
        ToolPlan refused = legacy.plan(PlanningRequest.of("Cancel order O-5002", null, demo)).plan();
        assertThat(refused).isInstanceOfSatisfying(ToolPlan.Refused.class, r -> {
            assertThat(r.alternative()).isEqualTo("orders.detail");
            assertThat(r.planner()).isEqualTo(dev.capplanner.planner.plan.PlannerKind.CLASSIC);
        });
    }

    @Test
    void aRefusedCommandKeepsTheToolsTheModelProposedOutsideTheRouteWhileReading() {
        // "Cancel order O-5002": the model first reached for the write tool, then read the order.
        ClassifyingPlanner refusing = new ClassifyingPlanner(classifier, request -> new PlanAttempt(
                ToolPlan.actions(dev.capplanner.planner.plan.PlannerKind.CAPABILITY,
                        List.of(PlannedCall.of("a1", "orders.detail", java.util.Map.of("orderId", "O-5002")))),
                80, "llm plan corrected once (routed)", List.of("orders.cancel")));
        PlanAttempt attempt = refusing.plan(PlanningRequest.of("Cancel order O-5002", null, demo));
        assertThat(attempt.plan()).isInstanceOf(ToolPlan.Refused.class);
        assertThat(attempt.rejectedProposals()).containsExactly("orders.cancel");
    }

    @Test
    void askingWhatTheAssistantCanDoIsHelp() {
        for (String question : List.of("What can you do?", "help", "Which tools can I use here?",
                "How can you help me with orders?", "What capabilities do you have", "list your tools")) {
            assertThat(classifier.classify(question).kind()).as(question).isEqualTo(RequestKind.HELP);
        }
    }

    @Test
    void aRequestThatStartsWithAChangingVerbIsACommandAfterPoliteOpeners() {
        assertThat(classifier.classify("Cancel order O-5002").action()).isEqualTo("cancel");
        assertThat(classifier.classify("Please refund invoice INV-1003").action()).isEqualTo("refund");
        assertThat(classifier.classify("Can you reroute the parcel of order O-5002 to Milano?").action())
                .isEqualTo("reroute");
        assertThat(classifier.classify("I want to change my delivery address").action()).isEqualTo("change");
        assertThat(classifier.classify("Open a ticket for customer C-1005").action()).isEqualTo("open");
        assertThat(classifier.classify("Return order O-5002").kind()).isEqualTo(RequestKind.COMMAND);
        assertThat(classifier.classify("Please bump ticket T-3244 up to urgent priority").action()).isEqualTo("bump");
        assertThat(classifier.classify("Decrease the priority of ticket T-1001").action()).isEqualTo("decrease");
        assertThat(classifier.classify("Could you rerun the failed checks of pull request 12?").action())
                .isEqualTo("rerun");
    }

    @Test
    void questionsAboutDataAreInspectionsEvenWhenAVerbLooksLikeACommand() {
        for (String question : List.of("Open tickets of Anna Conti", "What is your return policy for damaged items?",
                "Show the orders for Riccardo Lorini", "Track the parcel of Giulia Bianchi's last order",
                "/all Show the orders of Riccardo Lorini", "Which customer opened ticket T-1001?",
                "Has order O-5007 been cancelled?", "Is it going to rain in Milano tomorrow?",
                "Lower priority tickets of customer C-1005", "Flagged tickets of customer C-1005")) {
            assertThat(classifier.classify(question).kind()).as(question).isEqualTo(RequestKind.INSPECTION);
        }
    }

    @Test
    void helpExecutesNothing() {
        PlanAttempt attempt = planner.plan(PlanningRequest.of("What can you do?", null, demo));
        assertThat(attempt.plan()).isInstanceOf(ToolPlan.Help.class);
        assertThat(attempt.plan().actions()).isEmpty();
    }

    @Test
    void aCommandIsRefusedWithTheClosestReadOnlyAlternativeOfferedNotPlanned() {
        PlanAttempt attempt = planner.plan(PlanningRequest.of("Cancel order O-5002", null, demo));
        assertThat(attempt.plan()).isInstanceOfSatisfying(ToolPlan.Refused.class, refused -> {
            assertThat(refused.alternative()).isEqualTo("orders.detail");
            assertThat(refused.reason()).isEqualTo("This assistant only reads data: it cannot cancel anything for you."
                    + " It can show you the record instead.");
        });
        assertThat(attempt.plan().actions()).as("nothing is called").isEmpty();
        PlanAttempt nothingToOffer = planner.plan(PlanningRequest.of("Book a flight to Rome", null, List.of()));
        assertThat(nothingToOffer.plan()).isInstanceOfSatisfying(ToolPlan.Refused.class, refused ->
                assertThat(refused.alternative()).isNull());
    }

    @Test
    void anInspectionIsPlannedAsBefore() {
        List<ToolSpec> ranked = demo.stream().sorted(java.util.Comparator.comparing(tool -> !tool.name().equals("orders.detail")))
                .toList();
        assertThat(planner.plan(PlanningRequest.of("What is the status of order O-5002?", null, ranked)).plan().actions())
                .containsExactly(PlannedCall.of("a1", "orders.detail", java.util.Map.of("orderId", "O-5002")));
    }
}
