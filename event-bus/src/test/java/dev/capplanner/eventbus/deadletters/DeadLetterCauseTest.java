package dev.capplanner.eventbus.deadletters;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import org.junit.jupiter.api.Test;

/** The kind of fault is read from the reasons the decoder and the stages really give. */
class DeadLetterCauseTest {

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());

    @Test
    void everyReasonTheDecoderGivesIsAnInvalidRecord() {
        for (String payload : new String[] {"", "[1]", "{\"a\":1,\"a\":2}", "{}", "{\"schemaVersion\":\"v9\"}",
                "{\"schemaVersion\":\"v1\"}"}) {
            assertThat(DeadLetterCause.of(rejection(payload))).as(payload).isEqualTo(DeadLetterCause.INVALID);
        }
    }

    @Test
    void sealAndIndexFailuresAreUntrustedWhateverTheirSubject() {
        assertThat(DeadLetterCause.of("untrusted snapshot: snapshot seal names an unknown key"))
                .isEqualTo(DeadLetterCause.UNTRUSTED);
        assertThat(DeadLetterCause.of("untrusted continuation: forged seal")).isEqualTo(DeadLetterCause.UNTRUSTED);
        assertThat(DeadLetterCause.of("untrustedness is a word")).isEqualTo(DeadLetterCause.REFUSED);
    }

    @Test
    void failuresAuthenticationAndOtherRefusalsKeepTheirOwnKinds() {
        assertThat(DeadLetterCause.of("processing failed: PgException")).isEqualTo(DeadLetterCause.FAILED);
        assertThat(DeadLetterCause.of("turn not authenticated: token expired"))
                .isEqualTo(DeadLetterCause.UNAUTHENTICATED);
        assertThat(DeadLetterCause.of("cannot be checked: NullPointerException")).isEqualTo(DeadLetterCause.REFUSED);
        assertThat(DeadLetterCause.of(null)).isEqualTo(DeadLetterCause.REFUSED);
        assertThat(DeadLetterCause.UNAUTHENTICATED.label()).isEqualTo("unauthenticated");
    }

    private String rejection(String payload) {
        try {
            decoder.decode(payload, EventType.TURN_REQUESTED, TurnRequested.class);
        } catch (RejectedEventException e) {
            return e.getMessage();
        }
        throw new AssertionError("decoded: " + payload);
    }
}
