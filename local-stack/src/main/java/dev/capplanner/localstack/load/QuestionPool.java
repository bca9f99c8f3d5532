package dev.capplanner.localstack.load;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * The load's questions: distinct questions over the demo support desk, drawn by a seeded generator
 * from phrasings of every kind of turn the demo serves (one-step reads, multi-step questions that
 * need a customer found first, knowledge-base questions, filters by status and date, follow-ups,
 * questions outside the catalog, writes that must be refused), filled with varied names (the demo's
 * customers and people it does not know), identifiers (existing and unknown), dates and statuses.
 * A run that publishes no more turns than the pool holds never repeats a question, so no cache keyed
 * by question text could serve one; the same seed gives the same pool.
 */
public final class QuestionPool {

    /** The least a load draws from, whatever it is asked for. */
    public static final int MINIMUM_SIZE = 1_000;
    /** The most it holds: about what its phrasings can give distinct, and a bounded memory. */
    public static final int MAXIMUM_SIZE = 100_000;

    private static final List<String> KNOWN_NAMES = List.of("Riccardo Lorini", "Giulia Bianchi", "Marco Rossi",
            "Marta Greco", "Anna Conti");
    private static final List<String> GIVEN = List.of("Luca", "Sofia", "Matteo", "Chiara", "Davide", "Elena", "Paolo",
            "Francesca", "Oliver", "Amelia", "Noah", "Emma", "Lukas", "Hannah", "Pierre", "Camille", "Javier", "Lucia",
            "Mateus", "Beatriz", "Kenji", "Aiko", "Ravi", "Priya", "Olu", "Amara", "Jan", "Zofia", "Mehmet", "Elif");
    private static final List<String> FAMILY = List.of("Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino",
            "Smith", "Jones", "Müller", "Schmidt", "Martin", "Bernard", "García", "López", "Silva", "Santos",
            "Tanaka", "Sato", "Sharma", "Patel", "Okafor", "Adeyemi", "Kowalski", "Nowak", "Yılmaz", "Demir");
    private static final List<String> ORDER_STATUSES = List.of("processing", "shipped", "delivered", "cancelled");
    private static final List<String> TICKET_STATUSES = List.of("open", "pending", "closed");
    private static final List<String> MONTHS = List.of("January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December");
    private static final List<String> TOPICS = List.of("return policy for damaged items", "shipping times to Germany",
            "warranty on keyboards", "way to change a delivery address", "refund time for a returned order",
            "carriers you ship with", "way to get a copy of an invoice", "rules for cancelling an order",
            "warranty on monitors", "return window for unopened items");
    private static final List<String> OUTSIDE = List.of("Is it going to rain in %s tomorrow?",
            "What is the exchange rate of the euro in %s today?", "Book me a table for two in %s tonight",
            "Which trains leave %s for Rome after six?");
    private static final List<String> CITIES = List.of("Milano", "Torino", "Roma", "Napoli", "Bari", "Firenze",
            "Verona", "Berlin", "Lyon", "Madrid", "Lisbon", "Osaka");
    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_LOCAL_DATE;

    private final List<Function<Random, String>> phrasings = List.of(
            r -> "Show the orders for " + name(r),
            r -> "List the orders of " + name(r) + " since " + month(r),
            r -> "Which orders did " + name(r) + " place after " + date(r) + "?",
            r -> "What is the status of order " + orderId(r) + "?",
            r -> "Where is order " + orderId(r) + " now?",
            r -> "Show me order " + orderId(r),
            r -> "Who is customer " + customerId(r) + "?",
            r -> "Give me the contact details of customer " + customerId(r),
            r -> "List the " + pick(r, ORDER_STATUSES) + " orders of customer " + customerId(r),
            r -> "Orders of customer " + customerId(r) + " placed since " + date(r),
            r -> "Where is the parcel of order " + orderId(r) + " right now?",
            r -> "Track the parcel of " + possessive(name(r)) + " last order",
            r -> "Has the shipment for order " + orderId(r) + " left the warehouse?",
            r -> "Open tickets of " + name(r),
            r -> "Show the " + pick(r, TICKET_STATUSES) + " tickets of customer " + customerId(r),
            r -> "Which customer opened ticket " + ticketId(r) + "?",
            r -> "What is ticket " + ticketId(r) + " about?",
            r -> "Open tickets of the customer with e-mail " + email(r),
            r -> "Payments for the invoice of order " + orderId(r),
            r -> "Show the invoice of order " + orderId(r),
            r -> "Is the account of customer " + customerId(r) + " in good standing?",
            r -> "Is order " + orderId(r) + " at risk of not arriving?",
            r -> "What is your " + pick(r, TOPICS) + "?",
            r -> "Can you tell me the " + pick(r, TOPICS) + "?",
            r -> String.format(Locale.ROOT, pick(r, OUTSIDE), pick(r, CITIES)),
            r -> "Cancel order " + orderId(r),
            r -> "Change the e-mail of customer " + customerId(r) + " to " + email(r),
            r -> "My e-mail is " + email(r) + ": list the orders of customer " + customerId(r),
            r -> "Show the orders of " + name(r) + " from " + pick(r, CITIES),
            r -> "How many orders has " + name(r) + " placed in " + month(r) + "?");

    private final List<String> questions;
    /** Draws a phrasing gets to find a question not asked yet before it counts as used up. */
    private static final int ATTEMPTS_PER_TURN = 200;

    /** {@code size} distinct questions (at least {@link #MINIMUM_SIZE}), the same for the same seed. */
    public QuestionPool(long seed, int size) {
        if (size > MAXIMUM_SIZE) {
            throw new IllegalArgumentException("at most " + MAXIMUM_SIZE + " questions");
        }
        int wanted = Math.max(MINIMUM_SIZE, size);
        Random random = new Random(seed);
        Set<String> distinct = new LinkedHashSet<>();
        // Each phrasing in turn, so that each keeps its share; one whose values are used up (a few
        // knowledge-base topics, say) leaves its turns to the others.
        List<Function<Random, String>> open = new ArrayList<>(phrasings);
        for (int turn = 0; distinct.size() < wanted; turn++) {
            if (open.isEmpty()) {
                throw new IllegalStateException("the phrasings cannot give " + wanted + " distinct questions");
            }
            Function<Random, String> phrasing = open.get(turn % open.size());
            boolean added = false;
            for (int attempt = 0; attempt < ATTEMPTS_PER_TURN && !added; attempt++) {
                added = distinct.add(phrasing.apply(random));
            }
            if (!added) {
                open.remove(phrasing);
            }
        }
        this.questions = shuffled(new ArrayList<>(distinct), random);
    }

    private static List<String> shuffled(List<String> questions, Random random) {
        Collections.shuffle(questions, random);
        return List.copyOf(questions);
    }

    public int size() {
        return questions.size();
    }

    /** The question of turn {@code i}: each once before any comes again. */
    public String question(int i) {
        return questions.get(Math.floorMod(i, questions.size()));
    }

    /** How many phrasings the questions are drawn from. */
    public int phrasings() {
        return phrasings.size();
    }

    List<String> all() {
        return questions;
    }

    private static String name(Random r) {
        if (r.nextInt(3) == 0) {
            return pick(r, KNOWN_NAMES);
        }
        return pick(r, GIVEN) + " " + pick(r, FAMILY);
    }

    private static String possessive(String name) {
        return name + "'s";
    }

    private static String email(Random r) {
        String[] parts = name(r).toLowerCase(Locale.ROOT).split(" ");
        return ascii(parts[0]) + "." + ascii(parts[1]) + "@example.com";
    }

    private static String ascii(String word) {
        return java.text.Normalizer.normalize(word, java.text.Normalizer.Form.NFD).replaceAll("[^a-z]", "");
    }

    /** The demo's identifiers mostly, and some it does not have: a miss is a turn too. */
    private static String customerId(Random r) {
        return "C-" + (r.nextInt(4) == 0 ? 3000 + r.nextInt(7000) : pick(r, List.of(1001, 1002, 1003, 1004, 1005, 2001, 2002, 2003)));
    }

    private static String orderId(Random r) {
        return "O-" + (r.nextInt(4) == 0 ? 7000 + r.nextInt(3000) : pick(r, List.of(5001, 5002, 5003, 5004, 5005, 5006, 5007, 6001, 6002, 6003)));
    }

    private static String ticketId(Random r) {
        return "T-" + (r.nextInt(4) == 0 ? 3000 + r.nextInt(7000) : pick(r, List.of(1001, 1002, 1003, 2001)));
    }

    private static String date(Random r) {
        return LocalDate.of(2026, 1, 1).plusDays(r.nextInt(334)).format(ISO);
    }

    private static String month(Random r) {
        return pick(r, MONTHS);
    }

    private static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }
}
