package dev.capplanner.importing.model;

/**
 * An input of one capability that another capability's output can feed: {@code consumer}'s
 * argument {@code input} takes the value at {@code outputPath} of {@code provider}'s result
 * (for example {@code orders.list}'s {@code customerId} from {@code customers.search} at
 * {@code items[].id}), and why the import thinks so ({@code because}, for a person to confirm).
 */
public record Relationship(String consumer, String input, String provider, String outputPath, String because) {

    /** A relationship whose reason is not recorded. */
    public Relationship(String consumer, String input, String provider, String outputPath) {
        this(consumer, input, provider, outputPath, "");
    }
}
