package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.http.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemTest {

    @Test
    void aProblemIsAnRfc9457DocumentWithTheStatusPhraseAsTitle() {
        assertThat(Problem.of(404, "no connection crm").body()).containsExactly(
                java.util.Map.entry("type", "about:blank"), java.util.Map.entry("title", "Not Found"),
                java.util.Map.entry("status", 404), java.util.Map.entry("detail", "no connection crm"));
        assertThat(Problem.of(422, "x").title()).isEqualTo("Unprocessable Content");
        assertThat(Problem.of(418, "x").title()).isEqualTo("Client Error");
        assertThat(Problem.of(599, "x").title()).isEqualTo("Server Error");
    }

    @Test
    void extensionMembersFollowAndNeverReplaceTheStandardOnes() {
        Problem refused = Problem.of(422, "plan refused").with("problems", List.of("/steps/0: unknown capability"))
                .with("status", 200);

        assertThat(refused.body()).containsEntry("problems", List.of("/steps/0: unknown capability"))
                .containsEntry("status", 422);
        assertThat(refused.body().keySet()).startsWith("type", "title", "status", "detail");
    }
}
