package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A detector that is a pattern, optionally confirmed by a check on the match (a checksum, a range):
 * group 1 when the pattern has one (the value without its cue), else the whole match.
 */
public final class RegexDetector implements Detector {

    private final Pattern pattern;
    private final SensitiveKind kind;
    private final Predicate<String> confirm;
    private final Predicate<TextTraits> mayMatch;

    /**
     * @param mayMatch false only for traits no match of the pattern can have (fewer digits than it needs):
     *                 {@link #mayFind}
     */
    public RegexDetector(Pattern pattern, SensitiveKind kind, Predicate<String> confirm, Predicate<TextTraits> mayMatch) {
        this.pattern = pattern;
        this.kind = kind;
        this.confirm = confirm;
        this.mayMatch = mayMatch;
    }

    public RegexDetector(Pattern pattern, SensitiveKind kind, Predicate<String> confirm) {
        this(pattern, kind, confirm, traits -> true);
    }

    public RegexDetector(Pattern pattern, SensitiveKind kind) {
        this(pattern, kind, match -> true);
    }

    @Override
    public boolean mayFind(TextTraits traits) {
        return mayMatch.test(traits);
    }

    @Override
    public String toString() {
        return kind.label() + " /" + pattern.pattern() + "/";
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            int group = matcher.groupCount() >= 1 && matcher.group(1) != null ? 1 : 0;
            String value = matcher.group(group);
            if (!value.isEmpty() && confirm.test(value)) {
                found.add(new Finding(matcher.start(group), matcher.end(group), kind));
            }
        }
        return found;
    }
}
