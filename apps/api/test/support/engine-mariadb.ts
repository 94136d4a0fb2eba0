process.env.TEST_DB = 'mariadb';
