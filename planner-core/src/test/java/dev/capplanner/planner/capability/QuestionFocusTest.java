package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.capability.QuestionFocus.Placement;
import dev.capplanner.planner.capability.QuestionFocus.Role;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a question asks for, and what it only names to say which one. */
class QuestionFocusTest {

    static final ToolSpec CUSTOMER = tool("customers.detail", "customer", "A customer's contact details.",
            Map.of("name", str(), "phone", str()));
    static final ToolSpec TICKET = tool("tickets.detail", "ticket", "One support ticket.",
            Map.of("subject", str(), "status", str()));
    static final ToolSpec ORDER = tool("orders.detail", "order", "An order with its lines.",
            Map.of("status", str(), "lines", Map.of("type", "array", "items", Map.of("type", "object",
                    "properties", Map.of("sku", str())))));
    static final ToolSpec SHIPMENTS = tool("shipments.list", "shipment", "Where an order's parcel is: its shipments.",
            Map.of("items", Map.of("type", "array", "items", Map.of("type", "object",
                    "properties", Map.of("carrier", str(), "status", str())))));
    static final ToolSpec PAYMENTS = tool("payments.list", "payment", "Payments made against an invoice.",
            Map.of("amount", str()));
    static final ToolSpec INVOICE = tool("invoices.detail", "invoice", "One invoice.", Map.of("amount", str()));
    static final List<ToolSpec> ALL = List.of(CUSTOMER, TICKET, ORDER, SHIPMENTS, PAYMENTS, INVOICE);

    @Test
    void theEntityNamedFirstOutsideAQualifyingPhraseIsAskedFor() {
        Map<String, Placement> focus = QuestionFocus.of("Which customer opened ticket T-1001?", ALL);
        assertThat(focus.get("customers.detail").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("customers.detail").position()).isLessThan(focus.get("tickets.detail").position());
        assertThat(focus.get("orders.detail").role()).isEqualTo(Role.UNMENTIONED);
    }

    @Test
    void anEntityAfterAPrepositionOnlyQualifiesAcrossArticlesNamesAndAdjectives() {
        Map<String, Placement> focus = QuestionFocus.of("Payments for the invoice of Anna Conti's last order", ALL);
        assertThat(focus.get("payments.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("invoices.detail").role()).isEqualTo(Role.QUALIFIER);
        assertThat(focus.get("orders.detail").role()).isEqualTo(Role.QUALIFIER);
    }

    @Test
    void inTiesOneEntityToAnotherButNotAVerbToItsRecord() {
        Map<String, Placement> tied = QuestionFocus.of("Has the order in that ticket been shipped, and by which carrier?",
                ALL);
        assertThat(tied.get("tickets.detail").role()).as("the order in that ticket: the ticket says which order")
                .isEqualTo(Role.QUALIFIER);
        Map<String, Placement> bought = QuestionFocus.of("What did the customer buy in order O-5010?", ALL);
        assertThat(bought.get("orders.detail").role()).as("buy in order: what is in the order is asked for")
                .isEqualTo(Role.ASKED_FOR);
    }

    @Test
    void theLastNounOfACompoundIsAskedForAndAHyphenatedEntityIsNamedByItsWords() {
        ToolSpec builds = tool("repos_list-pages-builds", "build", "Pages builds.", Map.of("status", str()));
        ToolSpec artifacts = tool("actions_list-artifacts", "artifact", "Artifacts of a repository.",
                Map.of("size", str()));
        Map<String, Placement> compound = QuestionFocus.of("List the build artifacts in astral-sh/uv",
                List.of(builds, artifacts));
        assertThat(compound.get("actions_list-artifacts").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(compound.get("repos_list-pages-builds").role()).as("build only says which artifacts")
                .isEqualTo(Role.QUALIFIER);
        ToolSpec members = tool("orgs_list-members", "member", "Members.", Map.of("login", str()));
        ToolSpec publicMembers = tool("orgs_list-public-members", "public-member", "Public members.",
                Map.of("login", str()));
        Map<String, Placement> hyphenated = QuestionFocus.of("Who are the public members of the rails org?",
                List.of(members, publicMembers));
        assertThat(hyphenated.get("orgs_list-public-members").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(hyphenated.get("orgs_list-public-members").position())
                .isLessThan(hyphenated.get("orgs_list-members").position());
        Map<String, Placement> listed = QuestionFocus.of("Show orders, invoices and payments for C-1001", ALL);
        assertThat(listed.get("orders.detail").role()).as("a list's items modify nothing").isEqualTo(Role.ASKED_FOR);
        assertThat(QuestionFocus.of("?", ALL).values()).as("no word, nothing asked for")
                .allMatch(placement -> placement.role() == Role.UNMENTIONED);
        assertThat(QuestionFocus.of("Who are the members of the rails org?", List.of(members, publicMembers))
                .get("orgs_list-public-members").role()).as("members alone are not the public ones")
                .isNotEqualTo(Role.ASKED_FOR);
    }

    @Test
    void aFieldOnlyOneEntityCarriesNamesThatEntityAndASharedFieldNamesNone() {
        Map<String, Placement> carrier = QuestionFocus.of("Which carrier has Marco Rossi's last order?", ALL);
        assertThat(carrier.get("shipments.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(carrier.get("shipments.list").position()).isLessThan(carrier.get("orders.detail").position());
        Map<String, Placement> status = QuestionFocus.of("What is the status?", ALL);
        assertThat(status.values()).allMatch(placement -> placement.role() == Role.UNMENTIONED);
    }

    @Test
    void inSeveralSentencesWhatTheRequestNamesEvenToQualifyComesBeforeWhatTheContextNames() {
        Map<String, Placement> focus = QuestionFocus.of(
                "Ticket T-2877 is a complaint about an order: what products were on that order?", ALL);
        assertThat(focus.get("orders.detail").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("orders.detail").position()).isLessThan(focus.get("tickets.detail").position());
        Map<String, Placement> oneSentence = QuestionFocus.of("What products were on order O-5002?", ALL);
        assertThat(oneSentence.get("orders.detail").role()).as("one sentence: a qualifier stays one")
                .isEqualTo(Role.QUALIFIER);
    }

    @Test
    void aParticipleAfterAFormOfBeIsNoHeadOfAPhrase() {
        ToolSpec invoices = tool("invoices.list", "invoice", "Invoices billed to a customer.", Map.of("amount", str()));
        ToolSpec tickets = tool("tickets.list", "ticket", "A customer's tickets.", Map.of("subject", str()));
        Map<String, Placement> focus = QuestionFocus.of(
                "Look up who was billed on INV-3602 and list their pending tickets", List.of(invoices, tickets));
        assertThat(focus.get("tickets.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("invoices.list").role()).isNotEqualTo(Role.ASKED_FOR);
    }

    @Test
    void howMuchWasPaidAsksForPaymentsUnlessAnEntityIsCountedFirst() {
        Map<String, Placement> paid = QuestionFocus.of("How much has been paid against invoice INV-1009, and when?",
                ALL);
        assertThat(paid.get("payments.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(paid.get("payments.list").position()).isLessThan(paid.get("invoices.detail").position());
        Map<String, Placement> counted = QuestionFocus.of("How many orders were shipped to Marco Rossi?", ALL);
        assertThat(counted.get("shipments.list").role()).isNotEqualTo(Role.ASKED_FOR);
        assertThat(counted.get("orders.detail").role()).isEqualTo(Role.ASKED_FOR);
    }

    @Test
    void theHeadOfAnOfPhraseIsMatchedToTheOneEntityWhoseDescriptionsUseIt() {
        Map<String, Placement> focus = QuestionFocus.of("Where is the parcel of the order of ticket T-1001?", ALL);
        assertThat(focus.get("shipments.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("orders.detail").role()).isEqualTo(Role.QUALIFIER);
        assertThat(focus.get("tickets.detail").role()).isEqualTo(Role.QUALIFIER);
        assertThat(QuestionFocus.of("Show the details of customer C-1002", ALL).get("customers.detail").role())
                .as("a generic head says nothing").isEqualTo(Role.QUALIFIER);
    }

    @Test
    void theLastRequestOfSeveralSentencesComesFirst() {
        Map<String, Placement> focus = QuestionFocus.of("Has order O-5007 shipped yet? Show its shipments", ALL);
        assertThat(focus.get("shipments.list").position()).isLessThan(focus.get("orders.detail").position());
        Map<String, Placement> context = QuestionFocus.of("Show the orders of C-1001. She called about a parcel.",
                List.of(ORDER, SHIPMENTS));
        assertThat(context.get("orders.detail").position()).as("a statement after the request is context")
                .isLessThan(context.get("shipments.list").position());
        Map<String, Placement> colon = QuestionFocus.of(
                "My e-mail is anna.conti@example.com, phone +39 347 123 4567: list the orders of customer C-1001", ALL);
        assertThat(colon.get("orders.detail").position()).as("what follows the colon is the request; an e-mail's"
                + " dots end no sentence").isLessThan(colon.get("customers.detail").position());
    }

    @Test
    void aPossessiveSaysWhoseNotWhat() {
        Map<String, Placement> focus = QuestionFocus.of("Who is this invoice's customer?", ALL);
        assertThat(focus.get("customers.detail").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("invoices.detail").role()).isEqualTo(Role.QUALIFIER);
    }

    @Test
    void theSubjectOfAYesNoOrObjectQuestionOnlySaysWhoseWhenAnotherEntityFollows() {
        Map<String, Placement> tickets = QuestionFocus.of("Does customer C-1014 have any urgent tickets still open?",
                ALL);
        assertThat(tickets.get("tickets.detail").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(tickets.get("customers.detail").role()).isEqualTo(Role.QUALIFIER);
        Map<String, Placement> bought = QuestionFocus.of("What did the customer buy in order O-5010?", ALL);
        assertThat(bought.get("customers.detail").role()).isEqualTo(Role.QUALIFIER);
        Map<String, Placement> alone = QuestionFocus.of("Is invoice INV-1017 paid already?", ALL);
        assertThat(alone.get("invoices.detail").role()).as("nothing follows: the subject is what is asked about")
                .isEqualTo(Role.ASKED_FOR);
        Map<String, Placement> there = QuestionFocus.of("Is there an order for customer C-1001?", ALL);
        assertThat(there.get("orders.detail").role()).as("\"is there\" has no subject").isEqualTo(Role.ASKED_FOR);
        Map<String, Placement> qualified = QuestionFocus.of("Is the invoice for order O-5001 paid?", ALL);
        assertThat(qualified.get("invoices.detail").role()).as("an entity after a preposition makes no subject")
                .isEqualTo(Role.ASKED_FOR);
        Map<String, Placement> where = QuestionFocus.of("Where is the parcel of the order of ticket T-1001?", ALL);
        assertThat(where.get("shipments.list").role()).as("\"where is X\" asks about X").isEqualTo(Role.ASKED_FOR);
    }

    @Test
    void theRequestSentencesOwnMentionCountsAndAFirstPersonWishIsARequest() {
        Map<String, Placement> focus = QuestionFocus.of("Ticket T-1024 mentions an order; show me that order", ALL);
        assertThat(focus.get("orders.detail").position()).isLessThan(focus.get("tickets.detail").position());
        Map<String, Placement> wish = QuestionFocus.of("Order O-5001 was late. I need the phone number", ALL);
        assertThat(wish.get("customers.detail").position()).as("the phone is a customer's field")
                .isLessThan(wish.get("orders.detail").position());
    }

    @Test
    void aWhoQuestionAsksForTheEntityWhoseRecordsDescribePeople() {
        Map<String, Placement> focus = QuestionFocus.of("Who bought order O-5052?", ALL);
        assertThat(focus.get("customers.detail").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("customers.detail").position()).isLessThan(focus.get("orders.detail").position());
        assertThat(focus.get("tickets.detail").role()).as("a ticket is no person").isEqualTo(Role.UNMENTIONED);
        ToolSpec issue = tool("issues_get", "issue", "Get an issue.", Map.of("title", str(), "user", Map.of(
                "type", "object", "properties", Map.of("login", str(), "email", str()))));
        ToolSpec user = tool("users_get", "user", "Get a user.", Map.of("login", str()));
        Map<String, Placement> opened = QuestionFocus.of("Who opened issue 12 in rails/rails?", List.of(issue, user));
        assertThat(opened.get("users_get").position()).as("an issue's author fields make no person of it")
                .isLessThan(opened.get("issues_get").position());
        Map<String, Placement> relative = QuestionFocus.of("Show the customer who placed order O-5052", ALL);
        assertThat(relative.get("customers.detail").position()).as("a relative \"who\" places nothing").isEqualTo(2);
    }

    @Test
    void aHowQuestionAsksForTheRecordOfItsVerb() {
        Map<String, Placement> paid = QuestionFocus.of("How was invoice INV-1009 paid?", ALL);
        assertThat(paid.get("payments.list").position()).isLessThan(paid.get("invoices.detail").position());
        Map<String, Placement> many = QuestionFocus.of("How many invoices were paid?", ALL);
        assertThat(many.get("payments.list").role()).as("\"how many\" counts, it asks for no manner")
                .isEqualTo(Role.UNMENTIONED);
        Map<String, Placement> yesNo = QuestionFocus.of("Is invoice INV-1017 paid already?", ALL);
        assertThat(yesNo.get("payments.list").role()).as("only a how-question reads the verb")
                .isEqualTo(Role.UNMENTIONED);
        assertThat(QuestionFocus.isVerbOf("paid", "payment")).isTrue();
        assertThat(QuestionFocus.isVerbOf("shipped", "shipment")).isTrue();
        assertThat(QuestionFocus.isVerbOf("payload", "payment")).isFalse();
        assertThat(QuestionFocus.isVerbOf("pay", "invoice")).isFalse();
    }

    @Test
    void aWordNamesTheEntityItAbbreviatesButNotItsInflections() {
        assertThat(QuestionFocus.namesEntity("repository", "repo")).isTrue();
        assertThat(QuestionFocus.namesEntity("organizations", "org")).isTrue();
        assertThat(QuestionFocus.namesEntity("ordered", "order")).isFalse();
        assertThat(QuestionFocus.namesEntity("orders", "order")).isTrue();
        assertThat(QuestionFocus.namesEntity("ticketing", "ticket")).isFalse();
        assertThat(QuestionFocus.namesEntity("committed", "commit")).isFalse();
        assertThat(QuestionFocus.namesEntity("username", "user")).isFalse();
    }

    /** A pull request counts its commits in a field: "commits" still names the routed commits, not that count. */
    @Test
    void aWordThatNamesARoutedEntityNamesItNotAnotherEntitysField() {
        ToolSpec pulls = tool("pulls.list", "pull", "Pull requests of a repository.",
                Map.of("title", str(), "commits", Map.of("type", "integer")));
        ToolSpec commits = tool("commits.list", "commit", "Commits of a pull request.", Map.of("sha", str()));
        Map<String, Placement> focus = QuestionFocus.of("Commits of pull request 310 in quarkusio/quarkus",
                List.of(pulls, commits));
        assertThat(focus.get("commits.list").role()).isEqualTo(Role.ASKED_FOR);
        assertThat(focus.get("pulls.list").role()).isEqualTo(Role.QUALIFIER);
        assertThat(QuestionFocus.of("How many commits does pull request 310 have?", List.of(pulls)).get("pulls.list")
                .role()).as("without a routed commit entity, the word names the pull's field").isEqualTo(Role.ASKED_FOR);
    }

    private static ToolSpec tool(String name, String entity, String description, Map<String, Object> outputProperties) {
        return new ToolSpec(name, entity, name.substring(name.indexOf('.') + 1), true, Map.of("type", "object"),
                List.of("id"), List.<Relationship>of(), true, description,
                dev.capplanner.contracts.events.OutputFields.of(Map.of("type", "object", "properties", outputProperties)));
    }

    private static Map<String, Object> str() {
        return Map.of("type", "string");
    }
}
