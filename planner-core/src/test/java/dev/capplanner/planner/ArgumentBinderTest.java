package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentBinderTest {

    final ArgumentBinder binder = new ArgumentBinder();

    @Test
    void patternedParameterTakesTheMatchingValueFromTheQuestion() {
        assertThat(binder.bind(tool("orders.detail"), "status of O-5002 please", null))
                .contains(Map.of("orderId", "O-5002"));
    }

    @Test
    void valueMustMatchAsAWholeToken() {
        assertThat(binder.bind(tool("orders.detail"), "status of XO-50023", null)).isEmpty();
    }

    @Test
    void selectedRowAnswersTheIdOfItsEntity() {
        SelectedRow customer = new SelectedRow("customer", Map.of("id", "C-1002", "name", "R. Lorini"));
        assertThat(binder.bind(tool("orders.list"), "and their orders?", customer))
                .contains(Map.of("customerId", "C-1002"));
    }

    @Test
    void nameParameterTakesAPersonNameButNotTheSentenceVerb() {
        assertThat(binder.bind(tool("customers.search"), "Show the orders for Riccardo Lorini", null))
                .contains(Map.of("name", "Riccardo Lorini"));
        assertThat(binder.bind(tool("customers.search"), "Riccardo Lorini's orders", null))
                .as("a name that opens the sentence is still a name").contains(Map.of("name", "Riccardo Lorini"));
        assertThat(binder.bind(tool("customers.search"), "Does Marco Rossi have overdue invoices?", null))
                .contains(Map.of("name", "Marco Rossi"));
        assertThat(binder.bind(tool("customers.search"), "Ticket T-1024 mentions an order", null))
                .as("an identifier's letters are no name").isEmpty();
        assertThat(binder.bind(tool("customers.search"), "Orders of Marco\tRossi", null))
                .as("any white space between the words").contains(Map.of("name", "Marco Rossi"));
        assertThat(binder.bind(tool("customers.search"), "Show\nMarco Rossi", null))
                .contains(Map.of("name", "Marco Rossi"));
        assertThat(binder.bind(tool("customers.search"), "Show\tMarco", null)).as("a verb and one word").isEmpty();
        assertThat(binder.bind(tool("customers.search"), "Who opened ticket T-2940? Name and city please", null))
                .as("no person's name written: no other value is one").isEmpty();
    }

    @Test
    void aValueWrittenTheWayThePathJoinsTwoParametersFillsBoth() {
        ToolSpec issue = githubLike("issues_get", "issue", "/repos/{owner}/{repo}/issues/{issue_number}",
                Map.of("owner", str(), "repo", str(), "issue_number", Map.of("type", "integer")));
        assertThat(binder.bind(issue, "Show issue 1234 in rails/rails", null))
                .contains(Map.of("owner", "rails", "repo", "rails", "issue_number", 1234L));
        assertThat(binder.bind(issue, "What is issue #7 of vercel/next.js about?", null))
                .contains(Map.of("owner", "vercel", "repo", "next.js", "issue_number", 7L));
        ToolSpec unjoined = githubLike("issues_get", "issue", "/owners/{owner}/issues/{issue_number}/repos/{repo}",
                Map.of("owner", str(), "repo", str(), "issue_number", Map.of("type", "integer")));
        assertThat(binder.bind(unjoined, "Show issue 1234 in rails/rails", null))
                .as("the path does not join them: nothing is split").isEmpty();
        assertThat(binder.bind(issue, "Show issue 1234 of 12/05", null)).as("a date is no owner and repository")
                .isEmpty();
        assertThat(binder.bind(issue, "Open and/or closed issue 12 in rails/rails", null))
                .as("\"and/or\" is words").contains(Map.of("owner", "rails", "repo", "rails", "issue_number", 12L));
        assertThat(binder.bind(issue, "Is issue 12 in rails/rails also in rails/webpacker?", null))
                .as("two pairs: which one is the user's to say").isEmpty();
    }

    @Test
    void aWebAddressOrTheRepositoryOfItsOwnerGivesThePairToo() {
        ToolSpec repository = githubLike("repos_list-branches", "branch", "/repos/{owner}/{repo}/branches",
                Map.of("owner", str(), "repo", str()));
        assertThat(binder.bind(repository, "What branches does https://github.com/apache/spark have?", null))
                .contains(Map.of("owner", "apache", "repo", "spark"));
        assertThat(binder.bind(repository, "branches of github.com/apache/spark/tree/master please", null))
                .as("the first two segments of the address").contains(Map.of("owner", "apache", "repo", "spark"));
        assertThat(binder.bind(repository, "List the branches of the repo numpy of numpy", null))
                .contains(Map.of("owner", "numpy", "repo", "numpy"));
        assertThat(binder.bind(repository, "branches of the repository next.js from the org vercel", null))
                .contains(Map.of("owner", "vercel", "repo", "next.js"));
        assertThat(binder.bind(repository, "branches of https://github.com/apache/spark and rails/rails", null))
                .as("two different pairs: none").isEmpty();
        assertThat(binder.bind(repository, "branches of the repo of the team", null)).as("words are no pair")
                .isEmpty();
        assertThat(binder.bind(repository, "List the repo branches by date for rails/rails", null))
                .as("a phrase of words never cancels a pair written with a slash")
                .contains(Map.of("owner", "rails", "repo", "rails"));
        assertThat(binder.bind(repository, "branches of https://api.github.com/repos/apache/spark", null))
                .as("an API's address is an endpoint, not a page").isEmpty();
        assertThat(binder.bind(repository, "branches of github.com/orgs/apache/people", null))
                .as("a kind of page is no owner").isEmpty();
        assertThat(binder.bind(repository, "branches of " + "a.".repeat(3_000) + "com/apache/spark", null))
                .as("a long dotted host is read within bounds").isEmpty();
        ToolSpec hostile = githubLike("things_list", "thing", "/x/{owner}/{na(me+)+}",
                Map.of("owner", str(), "na(me+)+", str()));
        assertThat(binder.bind(hostile, "things of nameee spark of apache", null))
                .as("a remote parameter name is read as words, never as a pattern").isEmpty();
        assertThat(binder.bind(hostile, "things of na(me+)+ spark of apache", null))
                .contains(Map.of("owner", "apache", "na(me+)+", "spark"));
    }

    @Test
    void aNumberFillsAnIntegerOnlyAfterAWordOfItsName() {
        ToolSpec pull = githubLike("pulls_get", "pull", "/repos/{owner}/{repo}/pulls/{pull_number}",
                Map.of("owner", str(), "repo", str(), "pull_number", Map.of("type", "integer", "minimum", 1)));
        assertThat(binder.bind(pull, "Reviews of pull request 99 in apache/kafka", null))
                .contains(Map.of("owner", "apache", "repo", "kafka", "pull_number", 99L));
        assertThat(binder.bind(pull, "The 5 latest pull requests of apache/kafka", null))
                .as("a count before the word names no pull request").isEmpty();
        assertThat(binder.bind(pull, "Issue 99 of apache/kafka", null)).as("another entity's number").isEmpty();
        assertThat(binder.bind(pull, "pull request 0 of apache/kafka", null)).as("below the declared minimum")
                .isEmpty();
        ToolSpec key = githubLike("keys_get", "key", "/keys/{id}", Map.of("id", Map.of("type", "integer")));
        assertThat(binder.bind(key, "Show order number 12 for key holders", null))
                .as("a parameter named by generic words only: no value, and no failure").isEmpty();
        assertThat(binder.bind(key, "Show key 12", null)).contains(Map.of("id", 12L));
        assertThat(binder.bind(pull, "Review comments on PR #4500 in microsoft/vscode", null))
                .as("PR abbreviates pull request").contains(Map.of("owner", "microsoft", "repo", "vscode",
                        "pull_number", 4500L));
    }

    @Test
    void anIdentifierBesideAWordOfItsNameFillsAPlainStringParameter() {
        ToolSpec user = githubLike("users_get-by-username", "user", "/users/{username}", Map.of("username", str()));
        assertThat(binder.bind(user, "Profile of the GitHub user torvalds", null))
                .contains(Map.of("username", "torvalds"));
        assertThat(binder.bind(user, "Show the profile of the user who opened issue 4", null))
                .as("no value beside the word").isEmpty();
        assertThat(binder.bind(user, "Show user open tickets", null)).as("the phrase goes on: no handle").isEmpty();
        assertThat(binder.bind(user, "Show user profile", null)).isEmpty();
        assertThat(binder.bind(user, "Repositories of user torvalds's team", null))
                .contains(Map.of("username", "torvalds"));
        ToolSpec org = githubLike("orgs_list-members", "member", "/orgs/{org}/members", Map.of("org", str()));
        assertThat(binder.bind(org, "Public members of the github organization", null))
                .contains(Map.of("org", "github"));
        ToolSpec describedOrg = new ToolSpec("orgs_list-members", "member", "list", true, Map.of("type", "object",
                "required", List.of("org"), "properties", Map.of("org", str())), List.of(), List.of(), true,
                "List the members of an organization.", null, false, "/orgs/{org}/members");
        assertThat(binder.bind(describedOrg, "List the organization members", null))
                .as("a word the capability uses itself is no value").isEmpty();
        ToolSpec gists = githubLike("gists_list-for-user", "gist", "/users/{username}/gists",
                Map.of("username", str()));
        assertThat(binder.bind(gists, "list defunkt's gists", null)).as("the owner of the records, as a possessive")
                .contains(Map.of("username", "defunkt"));
        assertThat(binder.bind(gists, "list defunkt's starred repositories", null))
                .as("a possessive before another entity's word").isEmpty();
        assertThat(binder.bind(gists, "list the gists", null)).isEmpty();
        assertThat(binder.bind(gists, "Let's list today's gists", null)).as("possessives that name no account")
                .isEmpty();
        ToolSpec release = githubLike("repos_get-release-by-tag", "tag", "/repos/{owner}/{repo}/releases/tags/{tag}",
                Map.of("owner", str(), "repo", str(), "tag", str()));
        assertThat(binder.bind(release, "The release tagged v1.2.0 in spf13/cobra", null))
                .contains(Map.of("owner", "spf13", "repo", "cobra", "tag", "v1.2.0"));
    }

    @Test
    void aKeysNameWordsAndTheRecordsWordNameItsValue() {
        ToolSpec team = githubLike("teams_list-members-in-org", "member", "/orgs/{org}/teams/{team_slug}/members",
                Map.of("org", str(), "team_slug", str()));
        assertThat(binder.bind(team, "Who sits on the tsc team of the nodejs organization?", null))
                .as("a slug named by what it identifies").contains(Map.of("org", "nodejs", "team_slug", "tsc"));
        ToolSpec protection = githubLike("repos_get-branch-protection", "protection",
                "/repos/{owner}/{repo}/branches/{branch}/protection", Map.of("owner", str(), "repo", str(),
                        "branch", str()));
        assertThat(binder.bind(protection, "What protection rules are set on the default branch of apache/kafka?",
                null)).as("a describing word is no branch").isEmpty();
        assertThat(binder.bind(protection, "Protection of the main branch of apache/kafka", null))
                .contains(Map.of("owner", "apache", "repo", "kafka", "branch", "main"));
        ToolSpec runs = githubLike("actions_list-workflow-runs", "run",
                "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs", Map.of("owner", str(), "repo", str(),
                        "workflow_id", Map.of("oneOf", List.of(Map.of("type", "integer"), Map.of("type", "string")))));
        assertThat(binder.bind(runs, "Runs of the ci.yml workflow in astral-sh/ruff", null))
                .as("an id or a file name").contains(Map.of("owner", "astral-sh", "repo", "ruff", "workflow_id", "ci.yml"));
        assertThat(binder.bind(runs, "Runs of workflow 161335 in astral-sh/ruff", null))
                .contains(Map.of("owner", "astral-sh", "repo", "ruff", "workflow_id", 161335L));
        ToolSpec byTag = githubLike("repos_get-release-by-tag", "tag", "/repos/{owner}/{repo}/releases/tags/{tag}",
                Map.of("owner", str(), "repo", str(), "tag", str()));
        assertThat(binder.bind(byTag, "What did the v1.0.0 release of denoland/deno say in its notes?", null))
                .as("a coded value before a word of the record's path")
                .contains(Map.of("owner", "denoland", "repo", "deno", "tag", "v1.0.0"));
        assertThat(binder.bind(byTag, "What did the latest release of denoland/deno say?", null)).isEmpty();
        assertThat(binder.bind(byTag, "Compare the v1.0.0 release with the v2.0.0 release of denoland/deno", null))
                .as("two values: which one is the user's to say").isEmpty();
        assertThat(binder.bindOne(byTag, "tag", "What did the v1.0.0 release say in its notes?", null))
                .as("the repository is open: the tag picks no record").isEmpty();
        assertThat(binder.bindOne(byTag, "tag", "What did the v1.0.0 release of denoland/deno say?", null))
                .contains("v1.0.0");
        assertThat(binder.bindOne(byTag, "tag", "What did the 2nd release of denoland/deno say?", null))
                .as("an ordinal is a place, not a value").isEmpty();
    }

    @Test
    void anOptionalNameWrittenBesideItsWordAndASortsDirection() {
        ToolSpec runs = new ToolSpec("actions_list-workflow-runs-for-repo", "run", "list", true, Map.of("type",
                "object", "properties", Map.of("branch", str())), List.of(), List.of(), true, null, null, false,
                "/repos/{owner}/{repo}/actions/runs");
        assertThat(binder.filters(runs, "runs on the main branch")).isEqualTo(Map.of("branch", "main"));
        assertThat(binder.filters(runs, "runs on the default branch")).isEmpty();
        ToolSpec pulls = new ToolSpec("pulls_list", "pull request", "list", true, Map.of("type", "object",
                "properties", Map.of(
                        "sort", Map.of("type", "string", "enum", List.of("created", "updated", "popularity")),
                        "direction", Map.of("type", "string", "enum", List.of("asc", "desc")))),
                List.of(), List.of(), true, null, null);
        assertThat(binder.filters(pulls, "the most recently updated pull requests"))
                .as("a sort's direction is bound with it").isEqualTo(Map.of("sort", "updated", "direction", "desc"));
        assertThat(binder.filters(pulls, "the least recently updated pull requests"))
                .isEqualTo(Map.of("sort", "updated", "direction", "asc"));
        assertThat(binder.filters(pulls, "the most and the least recently updated pull requests"))
                .as("both directions: none").isEqualTo(Map.of("sort", "updated"));
        assertThat(binder.filters(pulls, "the oldest updated pull requests"))
                .isEqualTo(Map.of("sort", "updated", "direction", "asc"));
        assertThat(binder.filters(pulls, "the newest pull requests"))
                .as("no sort named: the API's own default order").isEmpty();
        assertThat(binder.filters(pulls, "pull requests with at least 3 reviews, sorted by updated"))
                .as("a count's bound says no order").isEqualTo(Map.of("sort", "updated"));
    }

    private static Map<String, Object> str() {
        return Map.of("type", "string");
    }

    private static ToolSpec githubLike(String name, String entity, String path, Map<String, Object> properties) {
        return new ToolSpec(name, entity, "detail", true, Map.of("type", "object", "required",
                List.copyOf(new java.util.TreeSet<>(properties.keySet())), "properties", properties), List.of(),
                List.of(), true, null, null, false, path);
    }

    @Test
    void aFreeTextSearchQueryTakesTheQuestionWithinItsDeclaredLength() {
        ToolSpec search = new ToolSpec("help-center.search", "article", true, java.util.Map.of("type", "object",
                "required", java.util.List.of("query"), "properties", java.util.Map.of("query",
                        java.util.Map.of("type", "string", "minLength", 2, "maxLength", 40))));
        assertThat(binder.bind(search, "  What is your return policy? ", null))
                .contains(java.util.Map.of("query", "What is your return policy?"));
        assertThat(binder.bind(search, "What is your return policy for items that arrived damaged?", null))
                .as("longer than the schema allows: not cut, not bound").isEmpty();
        ToolSpec patterned = new ToolSpec("codes.lookup", "code", true, java.util.Map.of("type", "object",
                "required", java.util.List.of("query"), "properties", java.util.Map.of("query",
                        java.util.Map.of("type", "string", "pattern", "^[A-Z]{3}$"))));
        assertThat(binder.bind(patterned, "What is the return policy?", null))
                .as("a constrained query is not free text").isEmpty();
    }

    @Test
    void anOptionalFilterIsTakenOnlyAsASchemaValidValueTheQuestionStates() {
        ToolSpec tickets = new ToolSpec("tickets.list", "ticket", true, java.util.Map.of("type", "object",
                "properties", java.util.Map.of(
                        "status", java.util.Map.of("type", "string", "enum", java.util.List.of("open", "in_progress",
                                "closed")),
                        "limit", java.util.Map.of("type", "integer", "minimum", 1, "maximum", 50),
                        "tenant", java.util.Map.of("type", "string", "enum", java.util.List.of("acme"),
                                "x-capplanner-bind", "tenant"))));
        assertThat(binder.bind(tickets, "Show the open tickets", null)).contains(java.util.Map.of("status", "open"));
        assertThat(binder.bind(tickets, "the last 5 tickets still in progress", null))
                .contains(java.util.Map.of("status", "in_progress", "limit", 5));
        assertThat(binder.bind(tickets, "open or closed tickets", null)).as("two values: no filter")
                .contains(java.util.Map.of());
        assertThat(binder.bind(tickets, "the last 500 tickets", null)).as("outside the declared range")
                .contains(java.util.Map.of());
        assertThat(binder.bind(tickets, "tickets reopened for acme", null))
                .as("a word inside another is no value; a run-bound parameter is never filled")
                .contains(java.util.Map.of());
    }

    @Test
    void aLimitCountsOnlyTheToolsOwnEntityAndTheLastOneIsOne() {
        java.util.Map<String, Object> limited = java.util.Map.of("type", "object", "properties",
                java.util.Map.of("limit", java.util.Map.of("type", "integer", "minimum", 1, "maximum", 50)));
        ToolSpec orders = new ToolSpec("orders.list", "order", true, limited);
        ToolSpec invoices = new ToolSpec("invoices.list", "invoice", true, limited);
        assertThat(binder.filters(orders, "Where is the parcel of Anna Conti's last order?"))
                .isEqualTo(java.util.Map.of("limit", 1));
        assertThat(binder.filters(invoices, "Where is the parcel of Anna Conti's last order?"))
                .as("the last order limits no invoices").isEmpty();
        assertThat(binder.filters(orders, "the 5 latest orders of C-1040")).isEqualTo(java.util.Map.of("limit", 5));
        assertThat(binder.filters(orders, "orders of the last 3 days")).as("days are not orders").isEmpty();
        assertThat(binder.filters(invoices, "the last 2 orders")).isEmpty();
        assertThat(binder.filters(orders, "the most recent order")).isEqualTo(java.util.Map.of("limit", 1));
        assertThat(binder.filters(orders, "Give me up to three of their cancelled orders"))
                .as("a partitive count").isEqualTo(java.util.Map.of("limit", 3));
        assertThat(binder.filters(orders, "at most 4 orders of C-1040")).isEqualTo(java.util.Map.of("limit", 4));
        assertThat(binder.filters(invoices, "up to three of their cancelled orders")).as("orders are no invoices")
                .isEmpty();
        assertThat(binder.filters(orders, "C-4150's order history? Just the 6 newest is fine."))
                .as("a count that names nothing counts the tool's records").isEqualTo(java.util.Map.of("limit", 6));
        assertThat(binder.filters(orders, "up to 3 weeks ago")).as("weeks are not orders").isEmpty();
        assertThat(binder.filters(orders, "which orders of the last 2 weeks are still open?"))
                .as("weeks are counted, then a verb").isEmpty();
        assertThat(binder.filters(orders, "orders up to 80 please")).as("a bound that counts nothing named")
                .isEmpty();
        assertThat(binder.filters(orders, "the three most recently updated open orders"))
                .isEqualTo(java.util.Map.of("limit", 3));
        assertThat(binder.filters(invoices, "Davide Ricci's most recent overdue invoice: any payments on it?"))
                .as("one describing word between").containsEntry("limit", 1);
        assertThat(binder.filters(orders, "her latest unpaid invoice")).as("an invoice is no order").isEmpty();
        assertThat(binder.filters(invoices, "The two latest unpaid invoices of customer C-1018"))
                .as("a count in words, adjectives before the entity").isEqualTo(java.util.Map.of("limit", 2));
        assertThat(binder.filters(orders, "Three most recent orders for customer C-1025"))
                .isEqualTo(java.util.Map.of("limit", 3));
        assertThat(binder.filters(orders, "the last 3 days of orders")).as("a preposition ends the counted phrase")
                .isEmpty();
        assertThat(binder.filters(orders, "the latest one hundred orders")).as("a number word inside a number")
                .isEmpty();
        assertThat(binder.filters(orders, "the top twenty-five orders")).isEmpty();
        ToolSpec releases = new ToolSpec("repos_list-releases", "release", true, java.util.Map.of("type", "object",
                "properties", java.util.Map.of("per_page", java.util.Map.of("type", "integer", "maximum", 100))));
        assertThat(binder.filters(releases, "Ten latest releases of nodejs/node"))
                .as("a page size is a limit").isEqualTo(java.util.Map.of("per_page", 10));
    }

    @Test
    void aDeclaredPatternThatBacktracksWithoutEndBindsNothing() {
        ToolSpec hostile = new ToolSpec("codes.lookup", "code", true, Map.of("type", "object", "required",
                List.of("code"), "properties", Map.of("code", Map.of("type", "string", "pattern", "^(a+)+$"))));
        ToolSpec broken = new ToolSpec("codes.lookup", "code", true, Map.of("type", "object", "required",
                List.of("code"), "properties", Map.of("code", Map.of("type", "string", "pattern", "^(unclosed$"))));
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            assertThat(binder.bind(hostile, "code " + "a".repeat(40) + "b", null)).isEmpty();
            assertThat(binder.bind(broken, "code (unclosed", null)).as("a pattern that does not compile").isEmpty();
        });
    }

    @Test
    void missingRequiredValueIsNeverInvented() {
        assertThat(binder.bind(tool("orders.list"), "show me the orders", null)).isEmpty();
        assertThat(binder.bind(tool("customers.search"), "find a customer", null)).isEmpty();
    }

    private static ToolSpec tool(String name) {
        return RoutedTools.toolSpec(CapabilityFixtures.demo().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow());
    }
}
