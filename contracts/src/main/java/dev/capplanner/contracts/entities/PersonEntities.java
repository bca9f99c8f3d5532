package dev.capplanner.contracts.entities;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which capability entities are people: the answers to a "who" question. The router and the planner
 * both read it (the router to route the reader of the person a record references, the planner to plan
 * it as the answer), so it is decided in one place. An entity is a person when its last word, in the
 * singular, is a noun for people ("customer", "user", "team member"); its output fields do not say it,
 * since an issue with an author's login and e-mail would look like a person.
 */
public final class PersonEntities {

    private static final Set<String> PEOPLE = Set.of("customer", "user", "member", "person", "people", "contact",
            "employee", "author", "owner", "client", "patient", "student", "agent", "assignee", "collaborator",
            "contributor", "follower", "subscriber", "buyer", "seller", "vendor", "supplier", "staff", "teacher",
            "account", "profile", "lead", "candidate", "applicant", "attendee", "guest", "driver", "tenant",
            "reviewer", "requester", "recipient", "sender", "participant", "player", "artist");

    /** The words that, opening a sentence, ask for a person. */
    public static final Set<String> OPENS_WHO = Set.of("who", "whom", "whose");
    private static final Pattern SENTENCE_OPENS_WHO = Pattern.compile(
            "(?iu)(?:^|[.?!;:]\\s+)\\s*(?:who|whom|whose)(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])whoever(?![\\p{L}\\p{N}])");

    private PersonEntities() {
    }

    /**
     * Whether the question asks for a person: a sentence opens with "who", "whom" or "whose" ("Who
     * placed order O-5003?"), or it says "whoever" ("call back whoever opened T-4288"); a relative
     * "who" ("the customers who paid") asks for nobody.
     */
    public static boolean asksWho(String question) {
        return question != null && SENTENCE_OPENS_WHO.matcher(question.strip()).find();
    }

    /** Whether the entity is named as people are; false for null or blank. */
    public static boolean isPerson(String entity) {
        if (entity == null || entity.isBlank()) {
            return false;
        }
        String lower = entity.strip().toLowerCase(Locale.ROOT);
        return PEOPLE.contains(singular(lower.substring(lower.lastIndexOf(' ') + 1)));
    }

    private static String singular(String word) {
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
