package dev.capplanner.contracts.events;

/**
 * A declared relationship: this capability's {@code input} can take the value that {@code capability}
 * returns at {@code path} (orders.list's {@code customerId} from customers.search at {@code items[].id}).
 */
public record InputSource(String input, String capability, String path) {
}
