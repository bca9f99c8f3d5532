package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.snapshot.rest.OperatorTokens;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rule "per-operator admin identities": a token names exactly one operator, or nobody. */
class OperatorTokensTest {

    private final OperatorTokens tokens = OperatorTokens.of(Optional.of("shared-bootstrap-token"),
            Map.of("alice", "alice-token-0123456789", "bob", "bob-token-0123456789"));

    @Test
    void eachTokenIsTheIdentityOfItsOperator() {
        assertThat(tokens.operatorOf("alice-token-0123456789")).contains("alice");
        assertThat(tokens.operatorOf("bob-token-0123456789")).contains("bob");
        assertThat(tokens.operatorOf("shared-bootstrap-token")).contains(OperatorTokens.SHARED);
    }

    @Test
    void anUnknownOrPartialTokenIsNobody() {
        assertThat(tokens.operatorOf("alice-token-012345678")).isEmpty();
        assertThat(tokens.operatorOf("alice-token-0123456789 ")).isEmpty();
        assertThat(tokens.operatorOf("")).isEmpty();
    }

    @Test
    void withoutTokensNobodyIsAnAdmin() {
        assertThat(OperatorTokens.of(Optional.empty(), Map.of()).isEmpty()).isTrue();
        assertThat(OperatorTokens.of(Optional.of("  "), Map.of()).isEmpty()).isTrue();
    }

    @Test
    void weakSharedOrReservedTokensAreRefusedAtStartUp() {
        assertThatThrownBy(() -> OperatorTokens.of(Optional.empty(), Map.of("carol", "short")))
                .hasMessage("the admin token of carol must have at least 16 characters");
        assertThatThrownBy(() -> OperatorTokens.of(Optional.of("shared-bootstrap-token"),
                Map.of("dave", "shared-bootstrap-token")))
                .hasMessage("operator dave shares a token with another identity");
        assertThatThrownBy(() -> OperatorTokens.of(Optional.empty(), Map.of("admin", "admin-token-0123456789")))
                .hasMessage("operator identity 'admin' is reserved or blank");
    }
}
