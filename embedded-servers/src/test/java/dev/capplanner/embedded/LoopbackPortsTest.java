package dev.capplanner.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

    @Test
    void aPickedPortTakenBeforeTheServerBindsItIsReplacedByAnother() throws IOException {
        List<Integer> tried = new ArrayList<>();
        List<ServerSocket> thieves = new ArrayList<>();
        try {
            int bound = LoopbackPorts.startOn(0, port -> {
                tried.add(port);
                if (tried.size() == 1) {
                    thieves.add(occupy(port));
                    throw new IllegalStateException("address already in use");
                }
                return port;
            });
            assertThat(tried).hasSize(2).doesNotHaveDuplicates();
            assertThat(bound).isEqualTo(tried.get(1));
        } finally {
            for (ServerSocket thief : thieves) {
                thief.close();
            }
        }
    }

    @Test
    void aFailureThatIsNotAboutThePortIsNotRetried() {
        List<Integer> tried = new ArrayList<>();
        assertThatThrownBy(() -> LoopbackPorts.startOn(0, port -> {
            tried.add(port);
            throw new IllegalStateException("bad configuration");
        })).hasMessage("bad configuration");
        assertThat(tried).hasSize(1);
    }

    @Test
    void aChosenPortIsUsedAsItIs() {
        int chosen = LoopbackPorts.startOn(25_123, port -> port);
        assertThat(chosen).isEqualTo(25_123);
    }

    private static ServerSocket occupy(int port) {
        try {
            return new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
