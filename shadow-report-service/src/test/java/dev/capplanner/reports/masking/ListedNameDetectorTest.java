package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One case per rule of {@link ListedNameDetector}: what each reads as a name, and what it leaves. */
class ListedNameDetectorTest {

    private static final ListedNameDetector DETECTOR = new ListedNameDetector(Vocabulary.shipped());

    private static List<String> names(String text) {
        return names(text, Set.of());
    }

    private static List<String> names(String text, Set<String> ownWords) {
        return DETECTOR.find(text, ownWords).stream().map(f -> text.substring(f.start(), f.end())).toList();
    }

    @Test
    void aListedNameIsANameInAnyCaseAndPosition() {
        assertThat(names("riccardo called about O-5002")).containsExactly("riccardo");
        assertThat(names("MARIA GARCIA wants to know where her parcel is")).containsExactly("MARIA GARCIA");
        assertThat(names("show me the orders of anna rossi since october")).containsExactly("anna rossi");
        assertThat(names("Siobhán says the invoice is wrong")).as("accents folded for the lists").containsExactly("Siobhán");
        assertThat(names("Where is order O-5002? List orders of C-1001 from 2026-11-02")).isEmpty();
    }

    @Test
    void aListedNameThatAnotherLanguageUsesAsAWordNeedsEnglishTextOrAContext() {
        assertThat(names("la prima fattura è sbagliata")).isEmpty();
        assertThat(names("ask prima about the refund")).containsExactly("prima");
    }

    @Test
    void aNameThatIsAWordIsANameOnlyWhereTheContextSaysSo() {
        assertThat(names("hope you can check the order")).isEmpty();
        assertThat(names("customer says her name is hope and the refund never came")).containsExactly("hope");
        assertThat(names("can you tell Drew that the replacement ships tomorrow?")).containsExactly("Drew");
        assertThat(names("please upgrade me from Basic to Pro")).as("capitalized, but frequent and no given name")
                .isEmpty();
        assertThat(names("Grace asked for a callback")).as("before a verb of speaking").containsExactly("Grace");
        assertThat(names("Mr Price opened a ticket")).containsExactly("Price");
        assertThat(names("Mr. Price opened a ticket")).containsExactly("Price");
        assertThat(names("the price is wrong")).isEmpty();
    }

    @Test
    void aModalOrAMonthIsANameOnlyAfterATitleOrBeforeAVerbOfSpeaking() {
        assertThat(names("Will said the courier left")).containsExactly("Will");
        assertThat(names("will you check the parcel")).isEmpty();
        assertThat(names("the customer CAN called twice")).as("a modal is never followed by such a verb")
                .containsExactly("CAN");
        assertThat(names("He said the parcel is late")).as("a pronoun is").isEmpty();
        assertThat(names("mr August Lipka wants an invoice copy")).containsExactly("August Lipka");
        assertThat(names("the invoice of August is late")).isEmpty();
        assertThat(names("ticket opened by AUGUST last week")).as("who did it").containsExactly("AUGUST");
        assertThat(names("ticket raised by june")).containsExactly("june");
        assertThat(names("due by august")).as("no participle: a date").isEmpty();
        assertThat(names("opened by march")).as("no given name").isEmpty();
        assertThat(names("ticket opened by May 3")).as("a day number: a date").isEmpty();
        for (String date : List.of("The invoice must be paid by May 31.", "Will my order be delivered by June?",
                "the invoice was paid by my credit card", "it was sent by an agent yesterday")) {
            assertThat(names(date)).as(date).isEmpty();
        }
    }

    @Test
    void aModalBeforeANameAndAVerbOfSpeakingIsAGivenName() {
        // A modal takes a verb's plain form: "can uz asked" is no English clause, "can uz ask" may be one.
        assertThat(names("can uz asked about the refund")).containsExactly("can uz");
        assertThat(names("Can Işık asked about the refund")).containsExactly("Can Işık");
        assertThat(names("can okafor ask about the refund")).containsExactly("okafor");
        assertThat(names("can okafor check the parcel")).containsExactly("okafor");
        assertThat(names("the customer al will called twice")).as("a modal before a verb's past").contains("will");
        assertThat(names("the customer will call twice")).isEmpty();
    }

    @Test
    void aCensusGivenNameBeforeACensusSurnameIsAName() {
        assertThat(names("please refund john smith today")).containsExactly("john smith");
        assertThat(names("bill payment failed twice")).isEmpty();
    }

    @Test
    void twoListedNamesWithCapitalsSideBySideAreANameInAnyLanguage() {
        assertThat(names("Chiara Bianchi segnala che il pacco è arrivato danneggiato"))
                .containsExactly("Chiara Bianchi");
    }

    @Test
    void aWordNoListHasIsANameWhenWrittenLikeOneOrCued() {
        assertThat(names("Zorvexa asked about a refund")).containsExactly("Zorvexa");
        assertThat(names("the customer zorvexa called twice")).containsExactly("zorvexa");
        assertThat(names("orders of zorvexa please")).containsExactly("zorvexa");
        assertThat(names("the zorvexa broke again")).as("no capital, no cue").isEmpty();
        assertThat(names("the GDPR export is late")).as("a short word in capitals is an acronym").isEmpty();
    }

    @Test
    void aNameCarriesOnToTheNamesAndUnlistedWordsJoinedToIt() {
        assertThat(names("aron rippin asked about the refund")).containsExactly("aron rippin");
        assertThat(names("il cliente luca di stefano chiede la fattura")).containsExactly("luca di stefano");
        assertThat(names("Oluwaseun de la casa")).as("a common word after the particles is no name")
                .containsExactly("Oluwaseun");
        assertThat(names("Abdullah ibn Saleh al-Harbi is the buyer")).containsExactly("Abdullah ibn Saleh al-Harbi");
        assertThat(names("Sunday Adebayo asked whether deliveries happen on weekends"))
                .containsExactly("Sunday Adebayo");
        assertThat(names("on Sunday the courier came")).isEmpty();
    }

    @Test
    void theTenantsOwnWordsAreNoNamesButAListedNameStaysOne() {
        assertThat(names("list the qwixlers by frobnitz", Set.of("frobnitz", "qwixlers"))).isEmpty();
        assertThat(names("list the qwixlers by frobnitz")).containsExactly("frobnitz");
        assertThat(names("orders by riccardo", Set.of("riccardo"))).containsExactly("riccardo");
    }

    @Test
    void lettersJoinedToDigitsAreAnIdentifiersCode() {
        assertThat(names("loyalty number LY-99 and order O-5002")).isEmpty();
        assertThat(names("needs the invoice in HUF, not EUR")).isEmpty();
    }

}
