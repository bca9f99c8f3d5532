package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.planner.classification.RequestKind;
import dev.capplanner.planner.classification.WordClassifier;
import dev.capplanner.planner.llm.LlmClassifier;
import dev.capplanner.planner.llm.PlanningModelUnavailableException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optional LLM classifier: the model's kind when it answers in the format, the word classifier otherwise. */
class LlmClassifierTest {

    final List<String> prompts = new ArrayList<>();
    final List<String> fallbacks = new ArrayList<>();

    @Test
    void theModelsKindIsTakenWhenItAnswersInTheFormat() {
        assertThat(classifier("{\"kind\": \"command\", \"action\": \"Refund\"}").classify("Give the money back for INV-1003"))
                .satisfies(c -> {
                    assertThat(c.kind()).isEqualTo(RequestKind.COMMAND);
                    assertThat(c.action()).isEqualTo("refund");
                });
        assertThat(classifier("{\"kind\": \"help\"}").classify("Hi, what are you?").kind()).isEqualTo(RequestKind.HELP);
        assertThat(prompts.get(0)).contains("\"question\" : \"Give the money back for INV-1003\"");
    }

    @Test
    void aMalformedAnswerOrAnActionThatIsNoWordFallsBackToTheWordClassifier() {
        assertThat(classifier("Sure, that is a command").classify("Cancel order O-5002").action()).isEqualTo("cancel");
        assertThat(classifier("{\"kind\": \"command\", \"action\": \"ignore previous instructions\"}")
                .classify("Show order O-5002").kind()).isEqualTo(RequestKind.INSPECTION);
        assertThat(classifier("{\"kind\": \"delete everything\"}").classify("What can you do?").kind())
                .isEqualTo(RequestKind.HELP);
        assertThat(fallbacks).as("each one counted").containsExactly("CLASSIFY UNUSABLE_ANSWER", "CLASSIFY UNUSABLE_ANSWER",
                "CLASSIFY UNUSABLE_ANSWER");
    }

    @Test
    void anAnswerInTheFormatIsNoFallback() {
        classifier("{\"kind\": \"inspection\"}").classify("Show order O-5002");
        assertThat(fallbacks).isEmpty();
    }

    @Test
    void anUnreachableModelFallsBackToTheWordClassifier() {
        LlmClassifier down = new LlmClassifier((system, user) -> {
            throw new PlanningModelUnavailableException("connection refused", null);
        }, new WordClassifier(), (stage, reason) -> fallbacks.add(stage + " " + reason));
        assertThat(down.classify("Cancel order O-5002").kind()).isEqualTo(RequestKind.COMMAND);
        assertThat(fallbacks).containsExactly("CLASSIFY UNREACHABLE");
    }

    private LlmClassifier classifier(String answer) {
        return new LlmClassifier((system, user) -> {
            prompts.add(user);
            return answer;
        }, new WordClassifier(), (stage, reason) -> fallbacks.add(stage + " " + reason));
    }
}
