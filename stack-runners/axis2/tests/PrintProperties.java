import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** Prints a properties file's entries as KEY TAB VALUE lines, read by java.util.Properties (ISO-8859-1). */
public class PrintProperties {
    public static void main(String[] args) throws Exception {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.ISO_8859_1)) {
            properties.load(reader);
        }
        properties.forEach((k, v) -> System.out.println(k + "\t" + v));
    }
}
