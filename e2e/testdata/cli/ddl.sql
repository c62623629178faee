-- Schema inspection: SHOW TABLES, SHOW CREATE TABLE, DESCRIBE and
-- information_schema after CREATE, ALTER and DROP.
CREATE DATABASE cli_library;
USE cli_library;

CREATE TABLE authors (
  id INT NOT NULL AUTO_INCREMENT,
  name VARCHAR(80) NOT NULL,
  born YEAR,
  bio TEXT,
  PRIMARY KEY (id)
);

CREATE TABLE books (
  isbn CHAR(13) NOT NULL,
  title VARCHAR(200) NOT NULL,
  author_id INT NOT NULL,
  published DATE,
  pages SMALLINT UNSIGNED,
  price DECIMAL(8,2) NOT NULL DEFAULT '0.00',
  rating FLOAT,
  format ENUM('hardcover','paperback','ebook') NOT NULL DEFAULT 'paperback',
  added_at DATETIME NOT NULL DEFAULT '2024-01-01 00:00:00',
  PRIMARY KEY (isbn),
  KEY k_author (author_id)
);

CREATE TABLE loans (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  isbn CHAR(13) NOT NULL,
  member VARCHAR(40) NOT NULL,
  due DATE NOT NULL
);

INSERT INTO authors (name, born) VALUES ('Ursula K. Le Guin', 1929), ('Stanisław Lem', 1921);
INSERT INTO books (isbn, title, author_id, published, pages, price, format) VALUES
  ('9780441478125', 'The Left Hand of Darkness', 1, '1969-03-01', 304, 9.99, 'paperback'),
  ('9780156027601', 'Solaris', 2, '1961-01-01', 204, 14.50, 'hardcover');

ALTER TABLE books ADD COLUMN language CHAR(2) NOT NULL DEFAULT 'en';
CREATE UNIQUE INDEX uk_title ON books (title);
CREATE INDEX k_due ON loans (due, member);
DROP TABLE loans;

SHOW TABLES;
-- Not here, because go-mysql-server prints them differently from MySQL
-- (docs/COMPATIBILITY.md): SHOW TABLES/DATABASES LIKE headers, DESCRIBE of
-- string columns, SHOW CREATE TABLE of ENUM and DECIMAL defaults and of
-- nullable columns (MySQL adds DEFAULT NULL).
SELECT column_name AS col, data_type AS type, is_nullable AS nullable, column_default AS dflt
  FROM information_schema.columns
  WHERE table_schema = 'cli_library' AND table_name = 'authors'
  ORDER BY ordinal_position;
SELECT index_name AS idx, non_unique AS nu, column_name AS col, seq_in_index AS seq
  FROM information_schema.statistics
  WHERE table_schema = 'cli_library' AND table_name = 'books'
  ORDER BY index_name, seq_in_index;
SELECT b.title, a.name, b.language FROM books b JOIN authors a ON a.id = b.author_id ORDER BY b.title;
