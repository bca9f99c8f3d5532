package dev.capplanner.contracts.deadletters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.deadletters.DeadLetterOpener.NotOpenedException;
import dev.capplanner.contracts.deadletters.DeadLetterOpener.OpenedDeadLetter;
import dev.capplanner.contracts.deadletters.DeadLetterProtection.ProtectedDeadLetter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rule "dead letters carry the reason": the reason and identifiers stay readable, nothing raw else does. */
class DeadLetterProtectionTest {

    static final String TOPIC = "capplanner.shadow-report-service.dlq.v1";
    static final String SECRET = base64("0123456789abcdef0123456789abcdef");
    static final String OTHER_SECRET = base64("fedcba9876543210fedcba9876543210");
    static final DeadLetterKeys KEYS = DeadLetterKeys.parse(List.of("dl-1:" + SECRET), "dl-1");
    static final String QUESTION = "Where is the order of Riccardo Lorini, born 1984-03-02?";
    static final byte[] PAYLOAD = ("{\"schemaVersion\":\"v1\",\"question\":\"" + QUESTION + "\u0000\"}")
            .getBytes(StandardCharsets.UTF_8);
    static final List<DeadLetterHeader> HEADERS = List.of(
            DeadLetterHeader.of("dead-letter-exception-class-name", "dev.capplanner.contracts.schema.RejectedEventException"),
            DeadLetterHeader.of("dead-letter-reason", "processing failed: PgException"),
            DeadLetterHeader.of("dead-letter-cause", "invalid byte sequence near 'Riccardo Lorini'"),
            DeadLetterHeader.of("dead-letter-topic", "capplanner.shadow.compared.v1"),
            DeadLetterHeader.of("dead-letter-partition", "2"),
            DeadLetterHeader.of("dead-letter-offset", "417"),
            DeadLetterHeader.of("ce_subject", "run-42"),
            DeadLetterHeader.of("ce_type", "dev.capplanner.shadow.compared.v1"),
            DeadLetterHeader.of("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
            DeadLetterHeader.of("baggage", "user=riccardo.lorini"));

    final DeadLetterProtection encrypting = new DeadLetterProtection(Optional.of(KEYS), new ReadableHeaders(256));
    final DeadLetterOpener opener = new DeadLetterOpener(KEYS, 1 << 20);

    @Test
    void anEncryptedDeadLetterKeepsTheReasonAndIdentifiersReadableAndNothingRaw() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        assertThat(names(dead.headers())).containsExactly("dead-letter-exception-class-name", "dead-letter-reason",
                "dead-letter-topic", "dead-letter-partition", "dead-letter-offset", "ce_subject", "ce_type", "traceparent",
                "dead-letter-payload", "dead-letter-payload-key", "dead-letter-payload-bytes");
        assertThat(text(dead.headers(), "dead-letter-reason")).isEqualTo("processing failed: PgException");
        assertThat(text(dead.headers(), "dead-letter-payload")).isEqualTo("encrypted");
        assertThat(text(dead.headers(), "dead-letter-payload-key")).isEqualTo("dl-1");
        assertThat(text(dead.headers(), "dead-letter-payload-bytes")).isEqualTo(String.valueOf(PAYLOAD.length));
        assertNothingRaw(dead);
    }

    @Test
    void theKeyHolderOpensThePayloadAndEveryHeaderBack() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        OpenedDeadLetter opened = opener.open(TOPIC, dead.headers(), dead.value());
        assertThat(opened.payload()).isEqualTo(PAYLOAD);
        assertThat(names(opened.headers())).containsExactlyInAnyOrderElementsOf(names(HEADERS));
        assertThat(text(opened.headers(), "dead-letter-cause")).isEqualTo("invalid byte sequence near 'Riccardo Lorini'");
        assertThat(text(opened.headers(), "baggage")).isEqualTo("user=riccardo.lorini");
    }

    @Test
    void anAlteredValueDoesNotOpen() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        byte[] sealed = Base64.getDecoder().decode(dead.value());
        sealed[sealed.length / 2] ^= 1;
        assertThatThrownBy(() -> opener.open(TOPIC, dead.headers(), Base64.getEncoder().encode(sealed)))
                .isInstanceOf(NotOpenedException.class).hasMessageContaining("does not open with key dl-1");
    }

    @Test
    void aPayloadMovedToAnotherReasonOffsetOrTopicDoesNotOpen() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        for (var change : Map.of("dead-letter-reason", "schema violation", "dead-letter-offset", "418",
                "ce_subject", "run-43").entrySet()) {
            List<DeadLetterHeader> swapped = dead.headers().stream().map(h -> h.name().equals(change.getKey())
                    ? DeadLetterHeader.of(h.name(), change.getValue()) : h).toList();
            assertThatThrownBy(() -> opener.open(TOPIC, swapped, dead.value())).as(change.getKey())
                    .isInstanceOf(NotOpenedException.class);
        }
        assertThatThrownBy(() -> opener.open("capplanner.planner-service.dlq.v1", dead.headers(), dead.value()))
                .as("another service's dead-letter topic").isInstanceOf(NotOpenedException.class);
        List<DeadLetterHeader> added = new ArrayList<>(dead.headers());
        added.add(DeadLetterHeader.of("dead-letter-reason", "re-publish me"));
        assertThatThrownBy(() -> opener.open(TOPIC, added, dead.value())).as("a header added")
                .isInstanceOf(NotOpenedException.class);
    }

    @Test
    void theWrongKeyDoesNotOpenAndAKeyNotHeldIsNamed() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        DeadLetterOpener sameIdOtherSecret = new DeadLetterOpener(DeadLetterKeys.parse(List.of("dl-1:" + OTHER_SECRET),
                null), 1 << 20);
        assertThatThrownBy(() -> sameIdOtherSecret.open(TOPIC, dead.headers(), dead.value()))
                .isInstanceOf(NotOpenedException.class).hasMessageContaining("does not open");
        DeadLetterOpener otherId = new DeadLetterOpener(DeadLetterKeys.parse(List.of("dl-2:" + SECRET), null), 1 << 20);
        assertThatThrownBy(() -> otherId.open(TOPIC, dead.headers(), dead.value()))
                .isInstanceOf(NotOpenedException.class).hasMessage("encrypted under a key not held here"
                        + " (dead-letter-payload-key dl-1)");
    }

    @Test
    void aRotatedOutKeyStillOpensWhatItEncryptedWhileTheOpenerHoldsIt() {
        ProtectedDeadLetter old = encrypting.protect(TOPIC, HEADERS, PAYLOAD);
        DeadLetterKeys rotated = DeadLetterKeys.parse(List.of("dl-1:" + SECRET, "dl-2:" + OTHER_SECRET), "dl-2");
        ProtectedDeadLetter current = new DeadLetterProtection(Optional.of(rotated), new ReadableHeaders(256))
                .protect(TOPIC, HEADERS, PAYLOAD);
        assertThat(text(current.headers(), "dead-letter-payload-key")).isEqualTo("dl-2");
        DeadLetterOpener both = new DeadLetterOpener(rotated, 1 << 20);
        assertThat(both.open(TOPIC, old.headers(), old.value()).payload()).isEqualTo(PAYLOAD);
        assertThat(both.open(TOPIC, current.headers(), current.value()).payload()).isEqualTo(PAYLOAD);
    }

    @Test
    void withoutAKeyThePayloadAndTheHiddenHeadersAreWithheldAndTheReasonStays() {
        DeadLetterProtection withholding = new DeadLetterProtection(Optional.empty(), new ReadableHeaders(256));
        ProtectedDeadLetter dead = withholding.protect(TOPIC, HEADERS, PAYLOAD);
        assertThat(dead.value()).isNull();
        assertThat(text(dead.headers(), "dead-letter-reason")).isEqualTo("processing failed: PgException");
        assertThat(text(dead.headers(), "dead-letter-payload")).isEqualTo("withheld");
        assertThat(text(dead.headers(), "dead-letter-payload-bytes")).isEqualTo(String.valueOf(PAYLOAD.length));
        assertThat(names(dead.headers())).doesNotContain("dead-letter-cause", "baggage", "dead-letter-payload-key");
        assertNothingRaw(dead);
        assertThatThrownBy(() -> opener.open(TOPIC, dead.headers(), dead.value())).isInstanceOf(NotOpenedException.class)
                .hasMessageStartingWith("payload withheld");
    }

    @Test
    void identifiersThatHoldTextAndHeadersNamedLikeTheFormatsOwnAreEncrypted() {
        List<DeadLetterHeader> hostile = List.of(
                DeadLetterHeader.of("dead-letter-reason", "schema violation"),
                DeadLetterHeader.of("ce_subject", "Riccardo Lorini"),
                DeadLetterHeader.of("ce_id", "x".repeat(257)),
                DeadLetterHeader.of("ce_source", "caf\u00e9"),
                DeadLetterHeader.of("ce_time", ""),
                DeadLetterHeader.of("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
                DeadLetterHeader.of("dead-letter-payload", "withheld"),
                DeadLetterHeader.of("authorization", "Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig"));
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, hostile, PAYLOAD);
        assertThat(names(dead.headers())).containsExactly("dead-letter-reason", "traceparent", "dead-letter-payload",
                "dead-letter-payload-key", "dead-letter-payload-bytes");
        assertThat(text(dead.headers(), "dead-letter-payload")).isEqualTo("encrypted");
        assertThat(names(opener.open(TOPIC, dead.headers(), dead.value()).headers()))
                .contains("ce_subject", "ce_id", "ce_source", "ce_time", "authorization");
    }

    @Test
    void theSameRecordEncryptsDifferentlyEachTime() {
        assertThat(encrypting.protect(TOPIC, HEADERS, PAYLOAD).value())
                .isNotEqualTo(encrypting.protect(TOPIC, HEADERS, PAYLOAD).value());
    }

    /** Ciphertext does not compress, and the broker's limit applies to compressed batches. */
    @Test
    void aLargeEventIsDeflatedBeforeItIsEncryptedSoItStillFitsWhereItsRecordDid() {
        StringBuilder index = new StringBuilder("{\"schemaVersion\":\"v1\",\"index\":[");
        for (int i = 0; i < 20_000; i++) {
            index.append("{\"capabilityId\":\"api:demo-api/orders.op").append(i)
                    .append("\",\"summary\":\"Lists the orders of a customer, newest first\"},");
        }
        byte[] large = index.append("{}]}").toString().getBytes(StandardCharsets.UTF_8);
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, HEADERS, large);
        assertThat(dead.value().length).as("base64 of deflated ciphertext").isLessThan(large.length / 5);
        assertThat(new DeadLetterOpener(KEYS, 4L << 20).open(TOPIC, dead.headers(), dead.value()).payload()).isEqualTo(large);
        assertThatThrownBy(() -> new DeadLetterOpener(KEYS, 1 << 20).open(TOPIC, dead.headers(), dead.value()))
                .as("opened within a bound").isInstanceOf(NotOpenedException.class).hasMessageContaining("more than");
    }

    @Test
    void aRecordWithoutAValueOrHeadersStillBecomesADeadLetter() {
        ProtectedDeadLetter dead = encrypting.protect(TOPIC, List.of(), null);
        OpenedDeadLetter opened = opener.open(TOPIC, dead.headers(), dead.value());
        assertThat(opened.payload()).isNull();
        assertThat(opened.headers()).isEmpty();
    }

    @Test
    void keysAreAes256AndTheirErrorsNeverQuoteTheSecret() {
        assertThatThrownBy(() -> DeadLetterKeys.parse(List.of("k:" + base64("too short")), "k"))
                .hasMessage("dead-letter key k is not 32 bytes (AES-256)");
        assertThatThrownBy(() -> DeadLetterKeys.parse(List.of(SECRET), null)).hasMessageNotContaining(SECRET)
                .hasMessageContaining("keyId:base64secret");
        assertThatThrownBy(() -> DeadLetterKeys.parse(List.of("k:not base64!"), null))
                .hasMessage("dead-letter key k is not valid base64");
        assertThatThrownBy(() -> DeadLetterKeys.parse(List.of("k:" + SECRET), "other"))
                .hasMessageContaining("active dead-letter key other");
        assertThatThrownBy(() -> new DeadLetterProtection(Optional.of(DeadLetterKeys.parse(List.of("k:" + SECRET), null)),
                new ReadableHeaders(256))).hasMessageContaining("active key");
        assertThat(KEYS.keyIds()).containsExactly("dl-1");
    }

    private static void assertNothingRaw(ProtectedDeadLetter dead) {
        String written = (dead.value() == null ? "" : new String(dead.value(), StandardCharsets.UTF_8))
                + dead.headers().stream().map(h -> h.name() + "=" + h.text()).toList();
        assertThat(written).doesNotContain("Riccardo", "Lorini", "1984", "question", "riccardo");
    }

    private static List<String> names(List<DeadLetterHeader> headers) {
        return headers.stream().map(DeadLetterHeader::name).toList();
    }

    private static String text(List<DeadLetterHeader> headers, String name) {
        return headers.stream().filter(h -> h.name().equals(name)).reduce((a, b) -> b).map(DeadLetterHeader::text)
                .orElse(null);
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
