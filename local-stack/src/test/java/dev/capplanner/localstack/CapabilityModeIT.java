package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
    void everyTurnCompletes() {
        assertThat(run.result().completed()).isEqualTo(10);
        assertThat(run.result().reportsStored()).as("capability mode still reports both plans").isEqualTo(10);
    }

    @Test
    void aOneStepQuestionCallsTheMcpToolOverTheShippingDeskServer() {
        assertThat(run.outcome("demo-run-8").outcome()).isEqualTo("answered");
        assertThat(run.outcome("demo-run-8").summary()).startsWith("answered: mcp:shipping-desk/track_shipment returned ");
    }

    @Test
    void aPolicyQuestionIsAnsweredFromTheKnowledgeBaseWithTheQuestionAsItsQuery() {
        assertThat(run.outcome("demo-run-11").summary()).isEqualTo("answered: kb:help-center/search returned 1 record(s)");
    }

    @Test
    void aTwoStepQuestionTakesTheCustomerIdFromTheSearch() {
        assertThat(run.outcome("demo-run-9").summary())
                .isEqualTo("answered: api:demo-api/customers.search returned 1 record(s); api:demo-api/orders.list returned 1 record(s)");
    }

    @Test
    void aThreeStepQuestionEndsAtTheParcelAcrossTheApiAndTheMcpServer() {
        assertThat(run.outcome("demo-run-10").summary()).startsWith("answered: api:demo-api/customers.search returned 1 record(s);"
                + " api:demo-api/orders.list returned 1 record(s); mcp:shipping-desk/track_shipment returned ");
    }

    @Test
    void twoCustomersWithTheSameNameStopTheChainForASelection() {
        assertThat(run.outcome("demo-run-1").outcome()).isEqualTo("insufficient");
        assertThat(run.outcome("demo-run-1").summary()).isEqualTo("insufficient: api:demo-api/customers.search returned 2 record(s);"
                + " api:demo-api/orders.list was not called: items[].id of api:demo-api/customers.search gave 2 values for customerId,"
                + " a selection is needed");
    }

    @Test
    void theSelectedOrderIsAnsweredAndAQuestionNoToolFitsFallsBackToClassic() {
        assertThat(run.outcome("demo-run-6").summary()).isEqualTo("answered: api:demo-api/orders.detail returned 1 record(s)");
        assertThat(run.outcome("demo-run-7").outcome()).isEqualTo("insufficient");
        assertThat(run.result().reportsByRun().get("demo-run-7")).contains("\"fallbackReason\":\"capability planner:");
    }
}
