package dev.capplanner.eventbus.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SealKeysTest {

    static final String SECRET = Base64.getEncoder().encodeToString(
            "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

    @Test
    void pairsBecomeKeysAndTheActiveOneSeals() {
        var seals = SealKeys.parse("capplanner.seal", List.of("old:" + SECRET, " new : " + SECRET), "new");
        assertThat(seals.keyIds()).containsExactlyInAnyOrder("old", "new");
        assertThat(seals.canSeal()).isTrue();
        assertThat(SealKeys.parse("capplanner.seal", List.of("old:" + SECRET), null).canSeal()).as("verifier only").isFalse();
    }

    @Test
    void missingOrMalformedKeysFailWithAMessageThatNeverQuotesTheSecret() {
        assertThatThrownBy(() -> SealKeys.parse("capplanner.seal", List.of(), null)).hasMessageContaining("capplanner.seal.keys is not set");
        assertThatThrownBy(() -> SealKeys.parse("capplanner.seal", List.of(SECRET), null)).hasMessageContaining("keyId:base64secret")
                .hasMessageNotContaining(SECRET);
        assertThatThrownBy(() -> SealKeys.parse("capplanner.seal", List.of("k1:not base64!"), null)).hasMessage("seal key k1 is not valid base64");
        assertThatThrownBy(() -> SealKeys.parse("capplanner.seal", List.of("k1:" + SECRET), "k2")).hasMessageContaining("active seal key k2");
    }
}
