package dev.capplanner.testing.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class TestServerChoiceTest {

    final AtomicInteger probes = new AtomicInteger();

    @Test
    void embeddedServersAreTheDefaultAndDockerIsNotEvenProbed() {
        assertThat(TestServerChoice.choose(null, docker(true)).kind()).isEqualTo(TestServerChoice.Kind.EMBEDDED);
        assertThat(TestServerChoice.choose(" Embedded ", docker(true)).kind()).isEqualTo(TestServerChoice.Kind.EMBEDDED);
        assertThat(probes).hasValue(0);
    }

    @Test
    void testcontainersAreUsedWhenAskedForAndADockerDaemonAnswers() {
        TestServerChoice choice = TestServerChoice.choose("testcontainers", docker(true));
        assertThat(choice.kind()).isEqualTo(TestServerChoice.Kind.TESTCONTAINERS);
        assertThat(choice.reason()).contains("Docker daemon answers");
    }

    @Test
    void withoutADockerDaemonTheEmbeddedServersRunAndTheReasonSaysWhy() {
        TestServerChoice choice = TestServerChoice.choose("testcontainers", docker(false));
        assertThat(choice.kind()).isEqualTo(TestServerChoice.Kind.EMBEDDED);
        assertThat(choice.reason()).contains("no Docker daemon answers");
        assertThat(probes).hasValue(1);
    }

    @Test
    void aMistypedChoiceIsAClearError() {
        assertThatThrownBy(() -> TestServerChoice.choose("docker", docker(true)))
                .hasMessage("capplanner.test-servers must be embedded or testcontainers, not 'docker'");
    }

    private BooleanSupplier docker(boolean answers) {
        return () -> {
            probes.incrementAndGet();
            return answers;
        };
    }
}
