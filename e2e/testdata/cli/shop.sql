-- A small shop: tables of several column types, inserts, updates, deletes,
-- and selects with joins, ordering and aggregates.
CREATE DATABASE cli_shop;
USE cli_shop;

CREATE TABLE customers (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(50) NOT NULL,
  email VARCHAR(100) NOT NULL,
  country CHAR(2) NOT NULL DEFAULT 'US',
  vip BOOLEAN NOT NULL DEFAULT FALSE,
  signup DATE NOT NULL,
  UNIQUE KEY uk_email (email)
);

CREATE TABLE products (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  sku VARCHAR(20) NOT NULL,
  title VARCHAR(100) NOT NULL,
  price DECIMAL(10,2) NOT NULL,
  weight_kg DOUBLE,
  stock INT UNSIGNED NOT NULL DEFAULT 0,
  tags SET('new','sale','eco'),
  UNIQUE KEY uk_sku (sku)
);

CREATE TABLE orders (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT NOT NULL,
  placed_at DATETIME NOT NULL,
  status ENUM('new','paid','shipped','cancelled') NOT NULL DEFAULT 'new',
  note TEXT,
  KEY k_customer (customer_id)
);

CREATE TABLE order_items (
  order_id BIGINT UNSIGNED NOT NULL,
  product_id INT NOT NULL,
  qty SMALLINT NOT NULL,
  unit_price DECIMAL(10,2) NOT NULL,
  PRIMARY KEY (order_id, product_id)
);

INSERT INTO customers (name, email, country, vip, signup) VALUES
  ('Ada Lovelace', 'ada@example.com', 'GB', TRUE, '2023-01-15'),
  ('Grace Hopper', 'grace@example.com', 'US', FALSE, '2023-02-01'),
  ('Alan Turing', 'alan@example.com', 'GB', FALSE, '2023-03-10'),
  ('Émilie du Châtelet', 'emilie@example.com', 'FR', TRUE, '2023-04-22');

INSERT INTO products (sku, title, price, weight_kg, stock, tags) VALUES
  ('KB-01', 'Keyboard', 49.99, 0.8, 12, 'new'),
  ('MS-02', 'Mouse', 19.50, 0.1, 40, 'eco,sale'),
  ('MN-27', 'Monitor 27"', 229.95, 5.25, 3, NULL),
  ('CB-10', 'USB-C cable', 9.99, NULL, 0, 'eco');

INSERT INTO orders (customer_id, placed_at, status, note) VALUES
  (1, '2024-05-01 09:30:00', 'shipped', 'leave at the door'),
  (2, '2024-05-02 14:05:59', 'paid', NULL),
  (1, '2024-05-03 18:00:00', 'new', 'gift wrap\nplease'),
  (3, '2024-05-04 08:15:00', 'cancelled', '');

INSERT INTO order_items VALUES
  (1, 1, 1, 49.99), (1, 2, 2, 19.50), (2, 3, 1, 229.95),
  (3, 4, 3, 9.99), (3, 2, 1, 17.25), (4, 1, 1, 49.99);

UPDATE products SET stock = stock - 1 WHERE sku IN ('KB-01', 'MN-27');
UPDATE orders SET status = 'paid' WHERE id = 3;
DELETE FROM order_items WHERE order_id = 4;

SELECT * FROM customers ORDER BY id;
SELECT id, sku, title, price, weight_kg, stock, tags FROM products ORDER BY price DESC;
SELECT * FROM orders WHERE status <> 'cancelled' ORDER BY placed_at DESC;
SELECT c.name, o.id AS order_id, o.status, o.placed_at
  FROM customers c JOIN orders o ON o.customer_id = c.id
  ORDER BY o.placed_at;
SELECT c.name, COUNT(o.id) AS orders
  FROM customers c LEFT JOIN orders o ON o.customer_id = c.id
  GROUP BY c.id, c.name
  ORDER BY orders DESC, c.name;
SELECT o.id, SUM(i.qty) AS items, SUM(i.qty * i.unit_price) AS total
  FROM orders o JOIN order_items i ON i.order_id = o.id
  GROUP BY o.id
  HAVING total > 40
  ORDER BY total DESC;
SELECT p.title, i.qty, c.name
  FROM order_items i
  JOIN products p ON p.id = i.product_id
  JOIN orders o ON o.id = i.order_id
  JOIN customers c ON c.id = o.customer_id
  WHERE c.country = 'GB'
  ORDER BY p.title, c.name, i.qty;
SELECT country, COUNT(*) AS n, MIN(signup) AS first_signup, MAX(signup) AS last_signup, SUM(vip) AS vips
  FROM customers GROUP BY country ORDER BY n DESC, country;
SELECT COUNT(*), COUNT(weight_kg), MIN(price), MAX(price), SUM(stock) FROM products;
SELECT title FROM products WHERE id NOT IN (SELECT product_id FROM order_items WHERE qty > 1) ORDER BY title;
SELECT name, CHAR_LENGTH(name) AS chars, LENGTH(name) AS bytes, UPPER(country) AS cc FROM customers WHERE name LIKE '%e%' ORDER BY id DESC LIMIT 2;
SELECT id, note IS NULL AS no_note, COALESCE(note, '(none)') AS note FROM orders ORDER BY id;
SELECT DATE_FORMAT(placed_at, '%Y-%m-%d') AS day, HOUR(placed_at) AS h FROM orders ORDER BY id LIMIT 1 OFFSET 1;
SELECT * FROM orders WHERE id > 100;
