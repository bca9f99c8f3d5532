package dev.capplanner.importing.inference;

import java.util.Locale;

/**
 * Whether an output field can feed an identifier input: a field of the same name
 * ({@code customerId} feeds {@code customer_id}), or the own identifier ({@code id}, {@code sid},
 * {@code uuid}, {@code key}) of a record about the entity the input names ({@code id} of a customer
 * feeds {@code customerId}; a plain {@code id} input only from the same entity). Names compare without case and punctuation.
 */
public final class IdentifierFeeds {

    private IdentifierFeeds() {
    }

    public static boolean feeds(String outputField, String input, String providerEntity, String consumerEntity) {
        return because(outputField, input, providerEntity, consumerEntity) != null;
    }

    /** Why the field feeds the input, in words; null when it does not. */
    public static String because(String outputField, String input, String providerEntity, String consumerEntity) {
        if (OutputShape.OWN_IDENTIFIERS.contains(outputField)) {
            if (normalized(input).equals(normalized(providerEntity) + outputField)) {
                return "the " + outputField + " of a " + providerEntity + " names " + input;
            }
            return input.equals(outputField) && providerEntity.equals(consumerEntity)
                    ? "the " + outputField + " of the same entity (" + providerEntity + ")" : null;
        }
        return normalized(outputField).equals(normalized(input)) ? "a field of the same name (" + outputField + ")" : null;
    }

    /** The field an output path ends in: {@code items[].id} -> {@code id}. */
    public static String leaf(String outputPath) {
        return outputPath.substring(outputPath.lastIndexOf('.') + 1).replace("[]", "");
    }

    /** A name without case and punctuation: {@code shipment_id}, {@code shipmentId} -> {@code shipmentid}. */
    public static String normalized(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
