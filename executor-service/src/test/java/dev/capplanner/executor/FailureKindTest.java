package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.execution.FailureKind;
import org.junit.jupiter.api.Test;

/** Rule "normalized errors": each failure the executor writes has a class and a plain sentence for users. */
class FailureKindTest {

    @Test
    void httpStatusesAreClassifiedByWhatTheyMeanToAUser() {
        assertThat(FailureKind.of(404, "HTTP 404")).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(FailureKind.of(403, "HTTP 403")).isEqualTo(FailureKind.REFUSED);
        assertThat(FailureKind.of(422, "HTTP 422")).isEqualTo(FailureKind.REJECTED);
        assertThat(FailureKind.of(503, "HTTP 503")).isEqualTo(FailureKind.SERVICE_ERROR);
        assertThat(FailureKind.of(504, "HTTP 504")).isEqualTo(FailureKind.TIMEOUT);
    }

    @Test
    void theExecutorsOwnFailureTextsAreClassified() {
        assertThat(FailureKind.of(null, "call failed: HttpTimeoutException")).isEqualTo(FailureKind.TIMEOUT);
        assertThat(FailureKind.of(null, "call failed: ConnectException")).isEqualTo(FailureKind.UNREACHABLE);
        assertThat(FailureKind.of(null, "the demo-api service is not answering right now; try again in a minute"))
                .isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(FailureKind.of(null, "the MCP tool reported an error")).isEqualTo(FailureKind.TOOL_ERROR);
        assertThat(FailureKind.of(null, "something new")).isEqualTo(FailureKind.OTHER);
    }

    @Test
    void aUserIsToldAboutTheServiceInPlainWords() {
        assertThat(FailureKind.TIMEOUT.tellUser("demo-api")).isEqualTo("the demo-api service did not answer in time");
        assertThat(FailureKind.NOT_FOUND.wireName()).isEqualTo("not-found");
    }
}
