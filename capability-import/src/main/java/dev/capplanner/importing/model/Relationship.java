package dev.capplanner.importing.model;

/**
 * An input of one capability that another capability's output can feed: {@code consumer}'s
 * argument {@code input} takes the value at {@code outputPath} of {@code provider}'s result
 * (for example {@code orders.list}'s {@code customerId} from {@code customers.search} at
 * {@code items[].id}).
 */
public record Relationship(String consumer, String input, String provider, String outputPath) {
}
