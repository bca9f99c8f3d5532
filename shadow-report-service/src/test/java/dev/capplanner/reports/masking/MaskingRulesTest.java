package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One case per part of rule "mask before storing". */
class MaskingRulesTest {

    final TextMasker masker = MaskingFixtures.textMasker();

    String mask(String text) {
        return masker.mask(text, Map.of());
    }

    @Test
    void personNamesBecomeTypedPseudonymsAndOrdinaryQuestionsStayReadable() {
        assertThat(mask("Show the orders for Riccardo Lorini")).matches("Show the orders for <person:[0-9a-f]{8}>");
        assertThat(mask("Where is the parcel of Anna Conti's last order?"))
                .matches("Where is the parcel of <person:[0-9a-f]{8}>'s last order\\?");
        assertThat(mask("Where is order O-5002? List orders of C-1001 from 2026-11-02"))
                .isEqualTo("Where is order O-5002? List orders of C-1001 from 2026-11-02");
        assertThat(mask("Mr. Tesmin called")).matches("Mr. <person:[0-9a-f]{8}> called");
    }

    @Test
    void theSameValueGetsTheSamePseudonymWhateverItsCaseAndAnotherValueAnother() {
        String first = mask("orders for Riccardo Lorini");
        assertThat(mask("Anna Conti and Riccardo Lorini")).endsWith(first.substring(11));
        assertThat(MaskingFixtures.PSEUDONYMS.of(SensitiveKind.PERSON, "riccardo  LORINI"))
                .isEqualTo(first.substring(11));
        assertThat(mask("orders for Anna Conti")).isNotEqualTo(first);
        assertThat(mask("call +39 347 123 4567")).isEqualTo(mask("call +39 347-123-4567"));
    }

    @Test
    void aDifferentKeyGivesDifferentPseudonyms() {
        Pseudonyms other = new Pseudonyms("another-masking-key-of-32-bytes-at-least".getBytes(StandardCharsets.UTF_8));
        assertThat(other.of(SensitiveKind.PERSON, "Riccardo Lorini"))
                .isNotEqualTo(MaskingFixtures.PSEUDONYMS.of(SensitiveKind.PERSON, "Riccardo Lorini"));
        assertThatThrownBy(() -> new Pseudonyms(new byte[8])).hasMessageContaining("shorter than 32 bytes");
    }

    @Test
    void cardsAndIbansAreMaskedOnlyWhenTheirChecksumHolds() {
        assertThat(mask("card 4111 1111 1111 1111 please")).matches("card <card:[0-9a-f]{8}> please");
        assertThat(mask("ref 4111 1111 1111 1112")).doesNotContain("<card:");
        assertThat(mask("IBAN GB82 WEST 1234 5698 7654 32")).matches("IBAN <iban:[0-9a-f]{8}>");
        assertThat(mask("code GB82WEST12345698765433")).doesNotContain("<iban:");
    }

    @Test
    void streetAddressesOfSeveralConventionsAreMaskedInAnyCase() {
        for (String address : List.of("bem utca 583", "viola u. 29/a", "via dei mille 9, int. 4", "storgata 8",
                "eichenweg 42b", "AKAZIENWEG 492", "lortzingstr. 21b", "widdauener str. 6", "2-14-5 Nishi-Shinjuku",
                "310 West 94th Street", "037 Passage d'Orsel", "H.No 12-5-34, Vijayapuri Colony", "Passeig de Gràcia 88", "618 küfeciler junctions")) {
            String masked = mask("ship to " + address + " please");
            assertThat(masked).as(address).startsWith("ship to <address:");
            for (String word : address.split("[ ,.]+")) {
                if (word.length() >= 3) {
                    assertThat(masked).as(address).doesNotContain(word);
                }
            }
        }
        for (String ordinary : List.of("during 3 days", "the gate 8 is closed", "send it via email 3 times",
                "paid on 12-10-24 invoices", "the sk. 12 wants stuff", "CALL AT 9 AM TOMORROW 3 TIMES",
                // German capitalizes every noun, and "auf dem Weg" is "on the way": no street in either.
                "Auf dem Konto 500 Euro fehlen", "Das Paket ist auf dem Weg 2 Tage zu spät")) {
            assertThat(mask(ordinary)).as(ordinary).isEqualTo(ordinary);
        }
    }

    @Test
    void twoNameDetectorsThatReadPartsOfOneNameMaskItWhole() {
        Detector first = text -> List.of(new Finding(0, 10, SensitiveKind.PERSON));
        Detector second = text -> List.of(new Finding(4, 23, SensitiveKind.PERSON));
        TextMasker both = new TextMasker(List.of(first, second), MaskingFixtures.PSEUDONYMS);
        assertThat(both.mask("Nur Aisyah binti Rahman asked", Map.of())).matches("<person:[0-9a-f]{8}> asked");
        Detector email = text -> List.of(new Finding(4, 23, SensitiveKind.EMAIL));
        assertThat(new TextMasker(List.of(first, email), MaskingFixtures.PSEUDONYMS)
                .mask("Nur Aisyah binti Rahman asked", Map.of()))
                .as("another kind is not joined: the first one found stays, the rest of the other is masked apart")
                .matches("<person:[0-9a-f]{8}> <email:[0-9a-f]{8}> asked");
    }

    @Test
    void aValueThePlanBoundKeepsItsPseudonymWhenADetectorReadsALongerName() {
        ReportMasker.Context report = MaskingFixtures.strictReportMasker().forReport("acme",
                "orders of Maria Garcia Lopez please", List.of(Map.of("customerName", "Maria Garcia")));
        String plan = report.tree(Map.of("customerName", "Maria Garcia")).toString();
        String pseudonym = plan.replaceAll(".*(<person:[0-9a-f]{8}>).*", "$1");
        assertThat(report.text("orders of Maria Garcia Lopez please")).startsWith("orders of " + pseudonym + " <person:")
                .doesNotContain("Lopez");
    }

    @Test
    void aWordOfTwoScriptsIsMaskedWholeAndAnIdentifierEndsAtItsSlash() {
        TextMasker detectors = MaskingFixtures.textMasker();
        assertThat(detectors.mask("Th\u0430ndiwe Okonkw\u043e opened a ticket", Map.of()))
                .matches("<word:[0-9a-f]{8}> <word:[0-9a-f]{8}> opened a ticket");
        assertThat(detectors.mask("see O-5002/Thandiwe today", Map.of())).doesNotContain("Thandiwe");
    }

    @Test
    void aValueHasOnePseudonymWithinATenantAndAnotherInEveryOtherTenant() {
        ReportMasker reports = MaskingFixtures.reportMasker();
        String acme = reports.forTenant("acme").text("please refund Riccardo Lorini");
        assertThat(reports.forTenant("acme").text("please refund riccardo lorini")).isEqualTo(acme);
        assertThat(reports.forTenant("globex").text("please refund Riccardo Lorini")).startsWith("please refund <person:")
                .isNotEqualTo(acme);
        assertThat(acme).isEqualTo("please refund " + MaskingFixtures.PSEUDONYMS.forTenant("acme")
                .of(SensitiveKind.PERSON, "Riccardo Lorini"));
    }

    @Test
    void aWordReadAsANameOrAsAWordGetsTheSameDigits() {
        Pseudonyms pseudonyms = MaskingFixtures.PSEUDONYMS;
        String digits = pseudonyms.of(SensitiveKind.PERSON, "Qwixler").substring(8);
        assertThat(pseudonyms.of(SensitiveKind.WORD, "qwixler")).isEqualTo("<word:" + digits);
        assertThat(pseudonyms.of(SensitiveKind.EMAIL, "qwixler")).doesNotEndWith(digits);
    }

    @Test
    void nationalIdsAddressesNetworkAndBirthDatesAreMasked() {
        assertThat(mask("SSN 123-45-6789")).matches("SSN <national-id:[0-9a-f]{8}>");
        assertThat(mask("SSN 000-45-6789")).doesNotContain("<national-id:");
        assertThat(mask("codice fiscale RSSMRA85T10A562S")).contains("<national-id:");
        // "London" is a census surname too: the lists cannot tell the city from a person, so it is masked as one.
        assertThat(mask("ship to 221 Baker Street, London")).matches("ship to <address:[0-9a-f]{8}>, <person:[0-9a-f]{8}>");
        assertThat(mask("ship to 221 Baker Street, Springfield")).matches("ship to <address:[0-9a-f]{8}>, Springfield");
        assertThat(mask("ship it to 059 streich club")).as("a street type in lower case, after lower-case words")
                .matches("ship it to <address:[0-9a-f]{8}>");
        assertThat(mask("moved to ul. Piękna 12, Warszawa")).startsWith("moved to <address:").doesNotContain("Piękna");
        assertThat(mask("¿Es C/ Alcalá 40 la dirección?")).startsWith("¿Es <address:").doesNotContain("Alcalá");
        assertThat(mask("ship to Via Roma 12, Milano")).matches("ship to <address:[0-9a-f]{8}>, <person:[0-9a-f]{8}>");
        assertThat(mask("Lieferung an Eschenweg 984")).matches("Lieferung an <address:[0-9a-f]{8}>");
        assertThat(mask("the address is am hohen ufer 98b")).as("a German article, lower case, a street type ending")
                .matches("the address is <address:[0-9a-f]{8}>");
        assertThat(mask("LIEFERUNG IN DER LANGEN GASSE 4")).matches("LIEFERUNG <address:[0-9a-f]{8}>");
        assertThat(mask("I am at the park 5 minutes from you")).isEqualTo("I am at the park 5 minutes from you");
        assertThat(mask("I ordered 12 items for the beach")).isEqualTo("I ordered 12 items for the beach");
        // An address read from inside a phone number wins the overlap; the digits it does not cover stay a phone's.
        assertThat(mask("My cell is 305 555 0199 Miami Street")).doesNotContain("305").doesNotContain("555")
                .doesNotContain("0199").contains("<phone:");
        assertThat(mask("wir sind am weg 0612 345 6789")).doesNotContain("345").doesNotContain("6789");
        assertThat(mask("from 192.168.10.4 and 2001:db8::8a2e:370:7334"))
                .matches("from <ip:[0-9a-f]{8}> and <ip:[0-9a-f]{8}>");
        assertThat(mask("version 1.2.3.400")).isEqualTo("version 1.2.3.400");
        assertThat(mask("born 1985-03-12")).matches("born <dob:[0-9a-f]{8}>");
        assertThat(mask("ordered 2026-11-02")).isEqualTo("ordered 2026-11-02");
    }

    @Test
    void secretsAreMasked() {
        assertThat(mask("Authorization: Bearer abcdef0123456789xyz")).matches("Authorization: Bearer <secret:[0-9a-f]{8}>");
        assertThat(mask("token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXZhbHVl"))
                .doesNotContain("eyJhbGciOiJIUzI1NiJ9");
        assertThat(mask("key AKIAIOSFODNN7EXAMPLE")).contains("<secret:");
        assertThat(mask("password: hunter22!")).matches("password: <secret:[0-9a-f]{8}>");
    }

    @Test
    void valuesUnderSensitiveKeysAreMaskedWholeAndStructureIsKept() {
        ReportMasker.Context masking = MaskingFixtures.reportMasker().forReport("acme", "anything", List.of());
        Object masked = masking.tree(Map.of("tool", "customers.search", "arguments",
                Map.of("name", "Zq", "email", "x@y.io", "loyaltyNumber", "LY-99", "orderId", "O-5002")));
        assertThat(masked).asString().contains("tool=customers.search").contains("orderId=O-5002")
                .containsPattern("name=<person:[0-9a-f]{8}>").containsPattern("email=<email:[0-9a-f]{8}>")
                .containsPattern("loyaltyNumber=<value:[0-9a-f]{8}>");
        Object otherTenant = MaskingFixtures.reportMasker().forReport("globex", "anything", List.of())
                .tree(Map.of("loyaltyNumber", "LY-99"));
        assertThat(otherTenant).asString().contains("LY-99");
    }

    @Test
    void everyValueBoundFromTheQuestionIsMaskedWhereverItAppears() {
        Object plan = Map.of("actions", List.of(Map.of("tool", "customers.search",
                "arguments", Map.of("query", "zorblax"))));
        ReportMasker.Context masking = MaskingFixtures.reportMasker().forReport("acme",
                "orders of zorblax please", List.of(plan));
        String question = masking.text("orders of zorblax please");
        assertThat(question).matches("orders of <value:[0-9a-f]{8}> please");
        assertThat(masking.tree(plan)).asString().contains(question.substring(10, 26)).doesNotContain("zorblax");
        assertThat(masking.text("classic found nothing for Zorblax")).doesNotContain("Zorblax");
    }
}
