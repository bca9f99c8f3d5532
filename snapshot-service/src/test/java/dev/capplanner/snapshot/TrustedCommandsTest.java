package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.snapshot.authorization.TrustedCommands;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Only a command the turn's tenant trusts goes on; deny by default. */
class TrustedCommandsTest {

    private final TrustedCommands commands = TrustedCommands.of(Map.of("acme", "/all, /export", "globex", "/export"));

    @Test
    void aCommandGoesOnOnlyForATenantThatTrustsIt() {
        assertThat(commands.admitted("acme", "/all")).isEqualTo("/all");
        assertThat(commands.admitted("globex", "/all")).as("another tenant's trust is not this one's").isNull();
        assertThat(commands.admitted("initech", "/all")).as("no entry: none trusted").isNull();
        assertThat(commands.admitted("acme", null)).isNull();
        assertThat(commands.admitted("acme", "/ALL")).isNull();
    }

    @Test
    void aConfiguredCommandThatIsNoSlashCommandStopsTheServiceFromStarting() {
        assertThatThrownBy(() -> TrustedCommands.of(Map.of("acme", "all"))).hasMessageContaining("not a slash command");
        assertThatThrownBy(() -> TrustedCommands.of(Map.of("acme", "/all;rm"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TrustedCommands.of(Map.of("acme", "/all,"))).as("an empty entry, wherever it is")
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TrustedCommands.of(Map.of("acme", ""))).isInstanceOf(IllegalArgumentException.class);
    }
}
