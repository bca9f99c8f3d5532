package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same packaged stack and demo conversation with the planner in {@code capability} mode: the
 * validated capability plans execute, so the one-, two- and three-step chains run end to end,
 * through the last mile at every step, over HTTP and over MCP (the Shipping Desk server).
 */
class CapabilityModeIT {

    static DemoStackRun run;

    @BeforeAll
    static void runTheDemoConversation() {
        run = DemoStackRun.replay("capability");
    }

    @AfterAll
    static void stop() {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void sourcesConnectedThroughTheAdminApiWithTheirCredentialsAnswerTurnsWithNoRestart(@TempDir Path turns) {
        try (RegisteredSourceTurns partner = new RegisteredSourceTurns(run.stack(), turns)) {
            assertThat(partner.apiRegistered).contains("\"capabilities\":1,\"reads\":1");
            assertThat(partner.mcpRegistered).contains("\"capabilities\":1,\"reads\":1");
            assertThat(partner.result.completed()).isEqualTo(2);
            assertThat(partner.result.outcomes()).extracting(StackResult.TurnOutcome::summary)
                    .containsExactly("answered: api:partner-api/members.detail returned 1 record(s)",
                            "answered: mcp:partner-desk/order_status returned 1 record(s)");
            assertThat(partner.apiKeysSeen).containsExactly(RegisteredSourceTurns.API_KEY);
            assertThat(partner.mcpAuthorizations()).as("the registry's reads and the executor's call alike")
                    .isNotEmpty().allMatch(("Bearer " + RegisteredSourceTurns.MCP_TOKEN)::equals);
            assertThat(String.join("\n", partner.result.reportsByRun().values()))
                    .doesNotContain(RegisteredSourceTurns.API_KEY).doesNotContain(RegisteredSourceTurns.MCP_TOKEN);
        }
    }

    @Test
    void everyTurnCompletes() {
        assertThat(run.result().completed()).isEqualTo(26);
        assertThat(run.result().reportsStored()).as("capability mode still reports both plans").isEqualTo(26);
        assertThat(run.outcome("demo-run-21").outcome()).isEqualTo("failed");
        assertThat(run.outcome("demo-run-21").summary()).isEqualTo("failed: No order O-9999 was found.");
    }

    @Test
    void aCapabilityPlanAnswersTheQuestionItWasWrittenForStepByStepAndTheReportSaysWhichVersionDecided() {
        assertThat(run.outcome("demo-run-22").summary()).isEqualTo("answered: accounts.standing (version 1) decided"
                + " on_hold (overdue_invoices)");
        assertThat(run.result().reportsByRun().get("demo-run-22")).contains("\"plans\":[{\"plan\":\"accounts.standing\","
                + "\"version\":1,\"decision\":\"on_hold\",\"reasons\":[\"overdue_invoices\"]}]")
                .contains("\"plannedBy\":\"capability\",\"sent\":4,\"denied\":0");
        assertThat(run.outcome("demo-run-23").summary()).isEqualTo("answered: orders.delivery-risk (version 1) decided"
                + " at_risk (open_ticket_about_order)");
    }

    @Test
    void aCustomerFoundOnlyByAToolWithoutOutputSchemaIsLookedUpFirstAndTheNextIterationAnswers() {
        assertThat(run.outcome("demo-run-16").summary())
                .isEqualTo("artifact: api:demo-api/tickets.list returned 1 record(s)");
        assertThat(run.result().reportsByRun().get("demo-run-16")).as("the first iteration's plan, as compared")
                .contains("\"tool\":\"mcp:shipping-desk/lookup_customer\"");
    }

    @Test
    void aHelpRequestListsTheCapabilitiesAndACommandIsRefusedWithItsReadOnlyAlternativeNothingCalled() {
        assertThat(run.outcome("demo-run-17").outcome()).isEqualTo("help");
        assertThat(run.outcome("demo-run-18").outcome()).isEqualTo("refused");
        assertThat(run.outcome("demo-run-18").summary())
                .isEqualTo("This assistant only reads data: it cannot cancel anything for you. It can show you the record instead.");
        assertThat(run.result().reportsByRun().get("demo-run-18")).contains("\"outcome\":\"refused\"")
                .contains("\"alternative\":\"api:demo-api/orders.detail\"")
                .contains("\"externalCalls\":{\"plannedBy\":\"capability\",\"sent\":0,\"denied\":0,\"plans\":[]}");
    }

    @Test
    void theGoldenScenarioSelectsACustomerThenAnOrderFromTheStoredArtifactsAndAnswersItsDetail() {
        assertThat(run.outcome("demo-run-19").outcome()).isEqualTo("selection_required");
        assertThat(run.outcome("demo-run-19-choice-1").summary())
                .as("the first Riccardo Lorini, chosen from the stored rows: that customer's orders, as one artifact")
                .isEqualTo("artifact: api:demo-api/orders.list returned 2 record(s)");
        assertThat(run.output()).contains("select 2: order O-5001 from api:demo-api/orders.list is the next turn's selection");
        assertThat(run.outcome("demo-run-20").summary())
                .isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(run.result().reportsByRun().get("demo-run-20")).contains("\"orderId\":\"O-5001\"");
    }

    @Test
    void aOneStepQuestionTakesTheOrderIdFromTheQuestion() {
        assertThat(run.outcome("demo-run-8").summary()).isEqualTo("artifact: api:demo-api/shipments.list returned 1 record(s)");
    }

    @Test
    void twoAndThreeStepQuestionsOverTheSupportDeskChainTicketsInvoicesAndShipments() {
        assertThat(run.outcome("demo-run-12").summary()).isEqualTo("artifact: api:demo-api/customers.search returned"
                + " 1 record(s); api:demo-api/tickets.list returned 1 record(s)");
        assertThat(run.outcome("demo-run-13").summary()).isEqualTo("artifact: api:demo-api/customers.search returned"
                + " 1 record(s); api:demo-api/orders.list returned 1 record(s); api:demo-api/shipments.list returned 1 record(s)");
        assertThat(run.outcome("demo-run-14").summary()).isEqualTo("artifact: api:demo-api/orders.detail returned"
                + " 1 record(s); api:demo-api/payments.list returned 1 record(s)");
        assertThat(run.outcome("demo-run-15").summary()).isEqualTo("answered: api:demo-api/tickets.detail returned"
                + " 1 record(s); api:demo-api/customers.detail returned 1 record(s)");
    }

    @Test
    void aPolicyQuestionIsAnsweredFromTheKnowledgeBaseWithTheQuestionAsItsQuery() {
        assertThat(run.outcome("demo-run-11").summary()).isEqualTo("artifact: kb:help-center/search returned 1 record(s)");
    }

    @Test
    void aTwoStepQuestionTakesTheCustomerIdFromTheSearch() {
        assertThat(run.outcome("demo-run-9").summary())
                .isEqualTo("artifact: api:demo-api/customers.search returned 1 record(s); api:demo-api/orders.list returned 1 record(s)");
    }

    @Test
    void aThreeStepQuestionEndsAtTheParcelAcrossTheApiAndTheMcpServer() {
        assertThat(run.outcome("demo-run-10").summary()).startsWith("artifact: api:demo-api/customers.search returned 1 record(s);"
                + " api:demo-api/orders.list returned 1 record(s); mcp:shipping-desk/track_shipment returned ");
    }

    @Test
    void twoCustomersWithTheSameNameStopTheChainForASelection() {
        assertThat(run.outcome("demo-run-1").outcome()).isEqualTo("selection_required");
        assertThat(run.outcome("demo-run-1").summary()).isEqualTo("selection_required: 2 customers named Riccardo"
                + " Lorini were found; which one do you mean? They differ by city.");
        assertThat(run.output()).contains("      choose: 1) C-1001, Riccardo Lorini, Milano; 2) C-1002, Riccardo Lorini,"
                + " Torino");
    }

    @Test
    void theBackendsTrustedAllCommandFansTheOrdersOutOverBothCustomersOfOneName() {
        // The same question as demo-run-1, with /all in the turn's command field (the stack trusts /all for acme).
        assertThat(run.outcome("demo-run-26").outcome()).isEqualTo("artifact");
        assertThat(run.outcome("demo-run-26").summary()).contains("api:demo-api/orders.list for 2 values of customerId")
                .contains("2 sent, 2 succeeded, 0 failed");
    }

    @Test
    void noMatchingCustomerAndAnAttributeNoCapabilityFiltersByAreSaidInTheUsersTerms() {
        assertThat(run.outcome("demo-run-24").outcome()).isEqualTo("insufficient");
        assertThat(run.outcome("demo-run-24").summary()).isEqualTo("insufficient: No customer named Marta Ferri was found.");
        assertThat(run.outcome("demo-run-25").summary()).endsWith("; not filtered by escalated: no capability that"
                + " answered accepts it");
    }

    @Test
    void theSelectedOrderIsAnsweredAndAQuestionNoToolFitsFallsBackToClassic() {
        assertThat(run.outcome("demo-run-6").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(run.outcome("demo-run-7").outcome()).isEqualTo("insufficient");
        assertThat(run.result().reportsByRun().get("demo-run-7")).contains("\"fallbackReason\":\"capability planner:");
    }

    @Test
    void aPlanEventPublishedByHandCausesNoCallAndNoEvidence() {
        // An attacker with write access to the plan topic: any tenant, a plan the planner never sealed.
        RunContext forged = new RunContext("forged-run", "forged-turn", 0, "evil-corp", "support-desk", "forged-conv",
                new Principal("intruder", List.of("admin")));
        PlanProposed plan = new PlanProposed("v1", "forged-event", Instant.now(), forged, "capability",
                new SnapshotRef("sha256:" + "a".repeat(64), 10, 1, "evil-corp", "support-desk",
                        "hmac-sha256:stolen:Kq3v9Yp0s2Lw8Jd5Nf7Rb1Tc4Hg6Km0Ua2We5Zo8Ai4"),
                Plan.actions("capability", List.of(new PlannedAction("a1", "api:demo-api/customers.search",
                        Map.of("name", "Riccardo Lorini"), List.of()))), null,
                "hmac-sha256:stolen:Kq3v9Yp0s2Lw8Jd5Nf7Rb1Tc4Hg6Km0Ua2We5Zo8Ai4");
        try (KafkaTestClient kafka = new KafkaTestClient(run.kafkaBootstrapServers())) {
            kafka.publish(Topics.PLAN_PROPOSED, forged.conversationId(), RunEventJson.toJson(plan), Map.of());
            // The dead letter's payload is encrypted under the stack's key: it is found by its readable key.
            var dead = kafka.await(Topics.deadLetters("executor-service"), r -> forged.conversationId().equals(r.key()), 1,
                    Duration.ofSeconds(30));
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-payload")).isEqualTo("encrypted");
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("untrusted plan: ");
            var found = kafka.awaitExactly(Duration.ofSeconds(30),
                    KafkaTestClient.exactly(0, Topics.ACTIONS_EXECUTED, r -> r.value().contains("forged-run")),
                    KafkaTestClient.exactly(0, Topics.TURN_COMPLETED, r -> r.value().contains("forged-run")));
            assertThat(found.get(0)).as("no call, so no observation").isEmpty();
            assertThat(found.get(1)).as("no evidence").isEmpty();
        }
    }
}
