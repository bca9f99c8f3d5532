package dev.capplanner.router.hybrid;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits a multi-step request ("Retrieve X. Then check Y. Finally, provide Z") into its steps, so
 * that each step can find its own tool; a single embedding or keyword query of the whole text
 * blurs them. Very short fragments stay attached to the step before them.
 */
public final class QuestionSteps {

    private static final Pattern BOUNDARY = Pattern.compile("(?<=[.!?;])\\s+|\\s+(?=\\b(?:then|afterwards|after that|"
            + "finally|additionally|also|next|lastly)\\b)", Pattern.CASE_INSENSITIVE);
    private static final int MIN_WORDS = 4;

    public List<String> split(String question) {
        List<String> steps = new ArrayList<>();
        for (String part : BOUNDARY.split(question.strip())) {
            String step = part.strip();
            if (step.isEmpty()) {
                continue;
            }
            if (!steps.isEmpty() && step.split("\\s+").length < MIN_WORDS) {
                steps.set(steps.size() - 1, steps.get(steps.size() - 1) + " " + step);
            } else {
                steps.add(step);
            }
        }
        return steps.isEmpty() ? List.of(question) : steps;
    }
}
