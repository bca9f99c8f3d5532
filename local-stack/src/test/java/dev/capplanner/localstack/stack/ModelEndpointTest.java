package dev.capplanner.localstack.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./run-local.sh --llm-url URL [--llm-model M] [--llm-key-file F]}: the model one flag away, its key kept off command lines. */
class ModelEndpointTest {

    @TempDir
    Path dir;

    private Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
    }

    @Test
    void theRouterPlannerAndClassifierCallTheModelAndTheOtherServicesAreLeftAsTheyAre() throws Exception {
        Path keyFile = Files.writeString(dir.resolve("key"), "sk-test-0123456789\n");
        StackOptions options = StackOptions.parse(home(), Map.of(), "--llm-url", "http://127.0.0.1:11434/v1",
                "--llm-model", "llama3.1:8b", "--llm-key-file", keyFile.toString());
        ModelEndpoint model = options.external().model().orElseThrow();
        assertThat(model.configOf("router-service")).containsEntry("router.llm.enabled", "true")
                .containsEntry("quarkus.langchain4j.openai.base-url", "http://127.0.0.1:11434/v1/")
                .containsEntry("quarkus.langchain4j.openai.chat-model.model-name", "llama3.1:8b")
                .containsEntry(ModelEndpoint.API_KEY, "sk-test-0123456789");
        assertThat(model.configOf("planner-service")).containsEntry("planner.llm.enabled", "true")
                .containsEntry("planner.llm.classify", "true")
                .containsEntry("quarkus.langchain4j.openai.base-url", "http://127.0.0.1:11434/v1/");
        for (String other : List.of("snapshot-service", "executor-service", "shadow-report-service", "demo-api")) {
            assertThat(model.configOf(other)).as(other).isEmpty();
        }
        assertThat(model.toString()).doesNotContain("sk-test");
        assertThat(StackOptions.parse(home(), Map.of()).external().model()).as("no flag, no model").isEmpty();
    }

    @Test
    void theKeyReachesTheServiceInItsEnvironmentAndNeverItsCommandLine() throws Exception {
        Path keyFile = Files.writeString(dir.resolve("key"), "sk-test-0123456789");
        Map<String, String> config = ModelEndpoint.of("https://api.example.test/v1", null, keyFile).configOf("planner-service");
        List<String> command = new ArrayList<>();
        Map<String, String> environment = new HashMap<>();
        ServiceProcess.passConfig(config, command, environment);
        assertThat(String.join(" ", command)).doesNotContain("sk-test").contains("-Dplanner.llm.enabled=true");
        assertThat(environment).containsExactly(Map.entry("QUARKUS_LANGCHAIN4J_OPENAI_API_KEY", "sk-test-0123456789"));
        assertThat(config).as("the services' default model").doesNotContainKey("quarkus.langchain4j.openai.chat-model.model-name");
    }

    @Test
    void aMistakeIsAUsageErrorThatNamesTheOption() throws Exception {
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-url", "ftp://models.example.test"))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageStartingWith("--llm-url must be an http(s) URL");
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-url", "https://user:pw@models.example.test/v1"))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageContaining("without credentials");
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-model", "gpt-4o-mini"))
                .isInstanceOf(StackOptions.UsageException.class).hasMessage("--llm-model and --llm-key-file need --llm-url");
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-url", "http://127.0.0.1:8000/v1",
                "--llm-model", "bad model; rm -rf"))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageStartingWith("--llm-model must be a model name");
        Path twoLines = Files.writeString(dir.resolve("two-lines"), "sk-one\nsk-two\n");
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-url", "http://127.0.0.1:8000/v1",
                "--llm-key-file", twoLines.toString()))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageContaining("the key alone, on one line")
                .hasMessageNotContaining("sk-one");
        assertThatThrownBy(() -> StackOptions.parse(home(), Map.of(), "--llm-url", "http://127.0.0.1:8000/v1",
                "--llm-key-file", dir.resolve("missing").toString()))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageStartingWith("cannot read --llm-key-file");
    }
}
