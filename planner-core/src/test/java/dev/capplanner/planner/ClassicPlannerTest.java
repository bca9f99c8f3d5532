package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rule "classic, the legacy path": one tool by the best keyword match over the whole catalog it is
 * given, arguments from the selection or the question, a lookup first when an identifier is missing.
 * The catalog here is a library's, not the demo's: the legacy path knows no tool by name.
 */
class ClassicPlannerTest {

    static final ToolSpec MEMBERS_SEARCH = tool("api:library/members.search", "member", "search",
            "Find library members by full or partial name.",
            Map.of("name", Map.of("type", "string", "minLength", 2)), List.of("name"), List.of());
    static final ToolSpec LOANS_LIST = tool("api:library/loans.list", "loan", "list",
            "List the loans of one member, newest first.",
            Map.of("memberId", Map.of("type", "string", "pattern", "^M-\\d{3}$"),
                    "status", Map.of("type", "string", "enum", List.of("open", "returned"))),
            List.of("memberId"), List.of(new Relationship("memberId", "api:library/members.search", "items[].id")));
    static final ToolSpec LOAN_DETAIL = tool("api:library/loans.detail", "loan", "detail",
            "One loan with its book, due date and fines.",
            Map.of("loanId", Map.of("type", "string", "pattern", "^L-\\d{4}$")), List.of("loanId"),
            List.of(new Relationship("loanId", "api:library/loans.list", "items[].id")));
    static final ToolSpec BOOKS_SEARCH = tool("kb:library/books.search", "book", "search",
            "Search the catalogue of books by title, author or subject.",
            Map.of("query", Map.of("type", "string", "minLength", 2, "maxLength", 300)), List.of("query"), List.of());
    static final ToolSpec RENEW_LOAN = new ToolSpec("api:library/loans.renew", "loan", "update", false,
            Map.of("type", "object", "properties", Map.of("loanId", Map.of("type", "string")), "required",
                    List.of("loanId")), List.of(), List.of(), true, "Renew a loan for two more weeks.", List.of());
    static final List<ToolSpec> CATALOG = List.of(MEMBERS_SEARCH, LOANS_LIST, LOAN_DETAIL, BOOKS_SEARCH, RENEW_LOAN);

    final ClassicPlanner planner = new ClassicPlanner(new ArgumentBinder());

    @Test
    void theBestKeywordMatchIsCalledWithTheIdentifierTheQuestionGives() {
        ToolPlan plan = plan("Show the loans of member M-002", null);
        assertThat(plan.planner()).isEqualTo(PlannerKind.CLASSIC);
        assertCall(plan, "api:library/loans.list", Map.of("memberId", "M-002"));
        assertThat(((ToolPlan.Actions) plan).selectionFor()).as("the loans answer the question").isNull();
    }

    @Test
    void aMissingIdentifierIsLookedUpFirstAndItsRowsAreOfferedForTheToolThatNeedsIt() {
        ToolPlan plan = plan("Show the loans of Maria Rossi", null);
        assertCall(plan, "api:library/members.search", Map.of("name", "Maria Rossi"));
        assertThat(((ToolPlan.Actions) plan).selectionFor()).isEqualTo("api:library/loans.list");
    }

    @Test
    void theSelectedRowGivesTheIdentifierOnTheNextTurn() {
        SelectedRow member = new SelectedRow("member", Map.of("id", "M-007", "name", "Maria Rossi"));
        assertCall(plan("Show the loans of Maria Rossi", member), "api:library/loans.list", Map.of("memberId", "M-007"));
        SelectedRow loan = new SelectedRow("loan", Map.of("id", "L-1001", "status", "open"));
        assertCall(plan("Show me the details of this loan", loan), "api:library/loans.detail", Map.of("loanId", "L-1001"));
    }

    @Test
    void amongEqualMatchesTheOneTheUserGaveEverythingIsCalledRatherThanALookupForTheOther() {
        // "loans" matches loans.list and loans.detail alike; the member selected gives loans.list its id.
        SelectedRow member = new SelectedRow("member", Map.of("id", "M-007"));
        ToolPlan plan = plan("Show the loans", member);
        assertCall(plan, "api:library/loans.list", Map.of("memberId", "M-007"));
        assertThat(((ToolPlan.Actions) plan).selectionFor()).isNull();
    }

    @Test
    void aFreeTextSearchTakesTheQuestion() {
        assertCall(plan("Which books by Italo Calvino are in the catalogue?", null), "kb:library/books.search",
                Map.of("query", "Which books by Italo Calvino are in the catalogue?"));
    }

    @Test
    void aToolThatWritesIsNeverPickedEvenWhenItsWordsMatchBest() {
        ToolPlan plan = plan("Renew loan L-1001", null);
        assertCall(plan, "api:library/loans.detail", Map.of("loanId", "L-1001"));
    }

    @Test
    void wordsNoToolCarriesGiveInsufficient() {
        ToolPlan plan = plan("Is it going to rain tomorrow?", null);
        assertThat(plan).isInstanceOf(ToolPlan.Insufficient.class);
        assertThat(plan.planner()).isEqualTo(PlannerKind.CLASSIC);
    }

    @Test
    void aMatchWhoseArgumentsNobodyGaveIsNotCalledWithInventedValues() {
        ToolPlan plan = plan("Show me the details of the loan", null);
        assertThat(plan).as("no loan id, no member name: nothing to call or look up")
                .isInstanceOf(ToolPlan.Insufficient.class);
    }

    @Test
    void theLegacyPathKnowsNoCapabilityPlan() {
        ToolSpec overdue = tool("loans.overdue-check", "loan", ToolSpec.DECIDES,
                "Whether the loans of member M-002 are overdue, with reason codes.",
                Map.of("memberId", Map.of("type", "string", "pattern", "^M-\\d{3}$")), List.of("memberId"), List.of());
        List<ToolSpec> withPlan = new java.util.ArrayList<>(CATALOG);
        withPlan.add(0, overdue);

        ToolPlan plan = planner.plan(PlanningRequest.of("Are the loans of member M-002 overdue?", null, withPlan)).plan();

        assertCall(plan, "api:library/loans.list", Map.of("memberId", "M-002"));
    }

    private ToolPlan plan(String question, SelectedRow selection) {
        return planner.plan(PlanningRequest.of(question, selection, CATALOG)).plan();
    }

    private static void assertCall(ToolPlan plan, String tool, Map<String, Object> arguments) {
        assertThat(plan.actions()).singleElement().satisfies(a -> {
            assertThat(a.tool()).isEqualTo(tool);
            assertThat(a.arguments()).isEqualTo(arguments);
        });
    }

    private static ToolSpec tool(String name, String entity, String operation, String description,
                                 Map<String, Object> properties, List<String> required, List<Relationship> inputsFrom) {
        return new ToolSpec(name, entity, operation, true,
                Map.of("type", "object", "properties", properties, "required", required),
                List.of("items[].id"), inputsFrom, true, description, List.of());
    }
}
