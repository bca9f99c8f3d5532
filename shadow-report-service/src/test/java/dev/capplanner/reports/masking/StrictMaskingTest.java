package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules of strict mode (deny by default), one example each; recall on unseen text: {@link UnseenCorpusTest}. */
class StrictMaskingTest {

    private static final ReportMasker STRICT = MaskingFixtures.strictReportMasker();

    private static String strict(String text) {
        return STRICT.forTenant("acme").text(text);
    }

    @Test
    void aNameIsMaskedWhateverItsCaseOrPosition() {
        assertThat(strict("riccardo called about O-5002")).doesNotContainIgnoringCase("riccardo")
                .endsWith(" called about O-5002");
        assertThat(strict("MARIA GARCIA wants her invoices")).doesNotContainIgnoringCase("maria")
                .doesNotContainIgnoringCase("garcia").endsWith(" wants her invoices");
        assertThat(strict("show the orders of anna rossi since october")).startsWith("show the orders of <person:")
                .endsWith(" since october").doesNotContainIgnoringCase("rossi");
    }

    @Test
    void aNameThatIsAlsoAWordIsMaskedButFunctionWordsMonthsAndTitlesAreKept() {
        assertThat(strict("Rose asked about the parcel")).startsWith("<person:").endsWith(" asked about the parcel");
        assertThat(strict("mr Baker will arrive in June")).isEqualTo("mr " + pseudonym(SensitiveKind.PERSON, "Baker")
                + " will arrive in June");
    }

    @Test
    void aWordNoVocabularyKeepsIsMaskedAsAWordAndTheSameWordReadsTheSame() {
        String once = strict("the qwixler broke again");
        assertThat(once).isEqualTo("the " + pseudonym(SensitiveKind.WORD, "qwixler") + " broke again");
        // Written in capitals or with a capital the same word reads as a name: another label, the same digits.
        String digits = once.replaceAll(".*<word:([0-9a-f]{8})>.*", "$1");
        assertThat(strict("the QWIXLER broke again")).isEqualTo("the <person:" + digits + "> broke again");
        assertThat(strict("ask Qwixler about it")).isEqualTo("ask <person:" + digits + "> about it");
    }

    @Test
    void aRareWordWrittenLikeANameWhereNoSentenceStartsIsMaskedAFrequentOneIsKept() {
        // "walrus" and "jarl" are English words, but not among the 10,000 most frequent: capitalized mid-sentence
        // they are more likely names. (No name list has "walrus": this is the word lists' rule, not a detector's.)
        assertThat(strict("ticket opened by Walrus last week")).isEqualTo("ticket opened by "
                + pseudonym(SensitiveKind.NAME, "Walrus") + " last week");
        // "Hilt" is a census surname too: the name detector reads it as a person before the word lists do.
        assertThat(strict("ticket opened by Hilt last week")).isEqualTo("ticket opened by "
                + pseudonym(SensitiveKind.PERSON, "Hilt") + " last week");
        assertThat(strict("ticket opened by JARL last week")).doesNotContainIgnoringCase("jarl");
        assertThat(strict("Hilt is the part that broke")).as("a sentence may start with it").startsWith("Hilt ");
        assertThat(strict("Show me the Invoices. Urgent ones first")).isEqualTo("Show me the Invoices. Urgent ones first");
    }

    @Test
    void aWordInCapitalsAfterAWordThatCuesANameIsMaskedInMixedCaseText() {
        // "pit" is a frequent English word; written in capitals after "of" it is as likely a name.
        assertThat(strict("orders of PIT please")).isEqualTo("orders of " + pseudonym(SensitiveKind.NAME, "PIT")
                + " please");
        assertThat(strict("orders of pit please")).isEqualTo("orders of pit please");
        assertThat(strict("orders of MAY please")).as("an English function word").isEqualTo("orders of MAY please");
        assertThat(strict("ask PIT about it")).as("no cue before it").isEqualTo("ask PIT about it");
        assertThat(strict("Convert the totals to USD and EUR")).as("currency codes")
                .isEqualTo("Convert the totals to USD and EUR");
    }

    @Test
    void aFrequentWordWithACapitalBesideANameWithACapitalMidSentenceIsPartOfIt() {
        assertThat(strict("is Take Carstens waiting for the parcel?")).doesNotContain("Take")
                .startsWith("is <person:").endsWith(" waiting for the parcel?");
        assertThat(strict("Take Carstens to the desk")).as("a sentence's start").startsWith("Take <person:");
        assertThat(strict("is take carstens waiting")).as("no capital: no evidence").startsWith("is take <");
        assertThat(strict("ask Carstens For the parcel")).as("a function word").contains(" For the parcel");
    }

    @Test
    void theWordsBetweenARoleAndAVerbOfSpeakingAreWhoSpokeInAnyCase() {
        // "cis" and "antes" are words of English and of Spanish; between "customer" and "called" they are a name.
        assertThat(strict("the customer cis antes called twice")).startsWith("the customer <person:")
                .doesNotContain("cis").doesNotContain("antes").endsWith(" called twice");
        assertThat(strict("the courier jona dare said the door was locked")).doesNotContain("dare");
        assertThat(strict("the customer also called twice")).as("a function word").isEqualTo("the customer also called twice");
        assertThat(strict("the customer first ordered twice")).as("no verb of speaking")
                .isEqualTo("the customer first ordered twice");
        assertThat(strict("the customer of the week asked twice")).as("a function word between")
                .isEqualTo("the customer of the week asked twice");
        for (String thing : List.of("the customer portal says my session expired", "the customer service called me",
                "the customer support team wrote to me", "the user guide says")) {
            assertThat(strict(thing)).as("frequent words alone are a thing").isEqualTo(thing);
        }
    }

    @Test
    void aWordStandingAloneInAQuestionIsMaskedUnlessItIsTheTenantsOwnWord() {
        // "Can" (Turkish) and "Hanno" (German) are given names no list here has; alone, nothing says they are words.
        ReportMasker.Context question = STRICT.forReport("acme", "", List.of(), List.of("list_orders"));
        assertThat(question.written("CAN")).isEqualTo(pseudonym(SensitiveKind.WORD, "CAN"));
        assertThat(question.written("hanno?")).isEqualTo(pseudonym(SensitiveKind.WORD, "hanno") + "?");
        assertThat(question.written("orders")).as("a word of the routed capabilities").isEqualTo("orders");
        assertThat(question.written("list_orders")).as("a capability's name").isEqualTo("list_orders");
        assertThat(question.written("listOrders")).as("the tenant's words, written in camel case").isEqualTo("listOrders");
        assertThat(question.written("O-5002")).as("a business identifier").isEqualTo("O-5002");
        assertThat(question.written("can you help")).as("words with a sentence around them").isEqualTo("can you help");
        // What the suite writes stands alone by design: a plan's status value, a reason.
        assertThat(question.text("open")).isEqualTo("open");
        assertThat(question.text("CAN")).isEqualTo("CAN");
        assertThat(MaskingFixtures.reportMasker().forTenant("acme").written("CAN")).as("detector mode").isEqualTo("CAN");
    }

    @Test
    void aRareWordWrittenLikeANameBeforeAVerbOfSpeakingIsMaskedAtASentencesStartToo() {
        assertThat(strict("PLACID asked about the refund")).isEqualTo(pseudonym(SensitiveKind.NAME, "PLACID")
                + " asked about the refund");
        assertThat(strict("Placid asked about the refund")).startsWith("<name:");
        assertThat(strict("Customer asked about the refund")).as("a frequent word").isEqualTo("Customer asked about the refund");
        assertThat(strict("Placid parcels arrived")).as("no verb of speaking").isEqualTo("Placid parcels arrived");
    }

    @Test
    void inATextWrittenInCapitalsOnlyFrequentWordsAreKept() {
        assertThat(strict("CALLE")).doesNotContainIgnoringCase("calle");
        assertThat(strict("FIND THE ORDERS OF LAST MONTH")).isEqualTo("FIND THE ORDERS OF LAST MONTH");
    }

    @Test
    void aRareWordNextToAMaskedNameIsTakenAsPartOfIt() {
        assertThat(strict("izolda flak asked about the refund")).doesNotContain("flak").endsWith(" asked about the refund");
        assertThat(strict("orders of milton borer please")).startsWith("orders of <person:").doesNotContain("borer")
                .endsWith(" please");
        assertThat(strict("the hilt broke")).as("not next to a name").isEqualTo("the hilt broke");
    }

    @Test
    void nameParticlesAndTheCapitalizedWordAfterThemContinueAName() {
        assertThat(strict("Oluwaseun van der Berg möchte kündigen")).doesNotContain("Berg").doesNotContain(" der ")
                .endsWith(" möchte kündigen");
        assertThat(strict("Oluwaseun de la Fuente pide cambiar la dirección")).doesNotContain("Fuente")
                .endsWith(" pide cambiar la dirección");
        assertThat(strict("Oluwaseun de la casa")).as("not a capitalized word after the particles").endsWith(" de la casa");
    }

    @Test
    void aColonAQuoteAnInitialOrATitleStartsNoSentence() {
        for (String text : new String[] {"customer: Hilt called again", "the customer \"Hilt\" called again",
                "the refund for (Hilt) is late", "ticket opened by J. Hilt last week", "ask Mr. Hilt"}) {
            assertThat(strict(text)).as(text).doesNotContain("Hilt");
        }
        assertThat(strict("It broke again. Hilt is the part")).contains("Hilt is the part");
    }

    @Test
    void aTextMostlyInCapitalsIsReadAsWrittenInCapitals() {
        assertThat(strict("JARL OPENED A TICKET, pls")).doesNotContainIgnoringCase("jarl");
    }

    @Test
    void initialsAndTheSeparatorsNamesAreWrittenWithCarryANameOn() {
        for (String text : new String[] {"orders of milton j. borer", "orders of milton j borer", "milton, borer asked",
                "milton / borer asked"}) {
            assertThat(strict(text)).as(text).doesNotContain("borer");
        }
        assertThat(strict("orders of milton borer. the hilt broke")).as("a sentence's end breaks the chain")
                .endsWith(". the hilt broke");
    }

    @Test
    void foreignFunctionWordsAppendedOrSharedWithEnglishDoNotTurnTheEnglishReadingOff() {
        assertThat(strict("ticket opened by Hilt last week, die der und")).doesNotContain("Hilt");
        assertThat(strict("customer also wants the dog food order Hilt placed, per his note")).doesNotContain("Hilt");
    }

    @Test
    void aTextOfParticlesIsReadOnceAsParticles() {
        for (int n : new int[] {100, 1_000}) {
            String text = "Oluwaseun " + "de ".repeat(n) + "Fuente";
            List<KeptWords.Token> tokens = new java.util.ArrayList<>();
            tokens.add(new KeptWords.Token(0, 9, SensitiveKind.WORD, false, true));
            for (int i = 0; i < n; i++) {
                int start = 10 + 3 * i;
                tokens.add(new KeptWords.Token(start, start + 2, null, false, false));
            }
            tokens.add(new KeptWords.Token(10 + 3 * n, 16 + 3 * n, null, true, false));
            assertThat(KeptWords.maskParticlesBetweenNames(text, tokens)).as("particles read").isLessThanOrEqualTo(n);
            assertThat(tokens.get(n + 1).kind).as("the name goes on past them").isEqualTo(SensitiveKind.NAME);
        }
    }

    @Test
    void anotherLanguagesFunctionWordNextToANameIsMaskedInEnglishTextOnly() {
        assertThat(strict("is nur uz still waiting for the parcel?")).doesNotContain("nur");
        assertThat(strict("zeige die Bestellungen für Oluwaseun und Adeyemi")).contains("> für <").contains("> und <");
    }

    @Test
    void otherScriptsAreMaskedAndOnlyALatinLetterAloneIsKept() {
        assertThat(strict("the customer 李小龙 asked")).isEqualTo("the customer " + pseudonym(SensitiveKind.WORD, "李小龙")
                + " asked");
        assertThat(strict("is 伟 waiting")).doesNotContain("伟");
        assertThat(strict("J. asked")).isEqualTo("J. asked");
    }

    @Test
    void numbersAndBusinessIdentifiersAreKeptOtherMixesAreMasked() {
        assertThat(strict("refund the last 3 orders since 2024-10-01, the 2nd at 10am, INV-2024-17"))
                .isEqualTo("refund the last 3 orders since 2024-10-01, the 2nd at 10am, INV-2024-17");
        assertThat(strict("plate XK92QWERTZ")).isEqualTo("plate " + pseudonym(SensitiveKind.VALUE, "XK92QWERTZ"));
    }

    @Test
    void theTenantsCapabilityWordsAndConfiguredVocabularyAreKeptButNeverAName() {
        ReportMasker withVocabulary = new ReportMasker(MaskingFixtures.textMasker(),
                tenant -> new TenantMasking(SensitiveKeys.defaultsPlus(List.of()), MaskingMode.STRICT, Set.of("Zorblax")),
                MaskingLimits.DEFAULTS, Vocabulary.shipped());
        ReportMasker.Context report = withVocabulary.forReport("acme", "", List.of(),
                List.of("mark_invoice_paid", "qwixlers.list", "frobnitz.find"));
        assertThat(report.text("list the qwixlers by frobnitz and zorblax, then mark_invoice_paid"))
                .isEqualTo("list the qwixlers by frobnitz and zorblax, then mark_invoice_paid");
        assertThat(report.text("Mark asked")).startsWith("<person:");
        // A planner writes a plan's keys and tool names, and may repeat the question: they keep no word.
        ReportMasker.Context planned = withVocabulary.forReport("acme", "ticket from qwixler", List.of(
                Map.of("actions", List.of(Map.of("tool", "tickets.find qwixler", "arguments", Map.of("qwixler", "1"))))),
                List.of("tickets.find"));
        assertThat(planned.text("ticket from qwixler")).doesNotContain("qwixler");
        assertThat(planned.tree(Map.of("qwixler", 1)).toString()).doesNotContain("qwixler");
        assertThat(STRICT.forTenant("acme").text("list the qwixlers")).isEqualTo("list the "
                + pseudonym(SensitiveKind.WORD, "qwixlers"));
    }

    @Test
    void aWordWithCapitalsStrewnThroughIsOneWordNotCamelCaseParts() {
        assertThat(strict("ask oKonKwO about the refund")).doesNotContainIgnoringCase("okonkwo");
        assertThat(strict("ask zOrVexA about it")).doesNotContainIgnoringCase("zorvexa");
        assertThat(MaskingFixtures.reportMasker().forTenant("acme").text("ask rosWithA rIjsHouWer about it"))
                .as("detector mode too").doesNotContainIgnoringCase("roswitha").doesNotContainIgnoringCase("rijshouwer");
        assertThat(strict("the customerId and orderNumber are set")).isEqualTo("the customerId and orderNumber are set");
        assertThat(KeptWords.camelCase("customerID")).isTrue();
        assertThat(KeptWords.camelCase("oKonKwO")).isFalse();
    }

    @Test
    void aListedNameNextToAMaskedNameIsMaskedInAnyLanguage() {
        assertThat(strict("ordine di giulia grasso per favore")).doesNotContain("giulia").doesNotContain("grasso")
                .startsWith("ordine di ").endsWith(" per favore");
        assertThat(strict("june carter wants a refund")).doesNotContain("june").endsWith(" wants a refund");
    }

    @Test
    void detectorModeKeepsWhatItDoesNotRecognize() {
        assertThat(MaskingFixtures.reportMasker().forTenant("acme").text("the qwixler broke again"))
                .isEqualTo("the qwixler broke again");
        assertThat(strict("the qwixler broke again")).doesNotContain("qwixler");
    }

    private static String pseudonym(SensitiveKind kind, String value) {
        return MaskingFixtures.PSEUDONYMS.forTenant("acme").of(kind, value);
    }
}
