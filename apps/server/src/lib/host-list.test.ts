import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { hostList, isPublicAddress } from './host-list.ts';

describe('host lists (PUSHDECK_CLUSTER_HOSTS, PUSHDECK_S3_HOSTS)', () => {
  it('reads host, host:port, host:*, *.domain and address ranges; a bare entry is the default port', () => {
    const list = hostList(
      ' db.example.com , db2.example.com:6432,*.pg.example.net, [::1]:*, 10.1.0.0/16 ,192.168.0.0/16:6432,[fd00::]/8:*',
      'X',
    );
    const at = (host: string, port: number) => list.names(host, port, 5432);
    expect({
      'db.example.com:5432': at('db.example.com', 5432),
      'DB.Example.com.:5432': at('DB.Example.com.', 5432),
      'db.example.com:5433': at('db.example.com', 5433),
      'db2.example.com:6432': at('db2.example.com', 6432),
      'db2.example.com:5432': at('db2.example.com', 5432),
      'eu.pg.example.net:5432': at('eu.pg.example.net', 5432),
      'pg.example.net:5432': at('pg.example.net', 5432),
      'evilpg.example.net:5432': at('evilpg.example.net', 5432),
      '::1:1234': at('::1', 1234),
      '[::1]:1234': at('[::1]', 1234),
      '10.1.2.3:5432': at('10.1.2.3', 5432),
      '10.1.2.3:6432': at('10.1.2.3', 6432),
      '10.2.0.1:5432': at('10.2.0.1', 5432),
      '167838211 (10.1.0.3):5432': at('167838211', 5432),
      '192.168.1.1:6432': at('192.168.1.1', 6432),
      '192.168.1.1:5432': at('192.168.1.1', 5432),
      'fd12::1:9': at('fd12::1', 9),
      '127.0.0.1:5432': at('127.0.0.1', 5432),
      'localhost:5432': at('localhost', 5432),
    }).toEqual({
      'db.example.com:5432': true,
      'DB.Example.com.:5432': true,
      'db.example.com:5433': false,
      'db2.example.com:6432': true,
      'db2.example.com:5432': false,
      'eu.pg.example.net:5432': true,
      'pg.example.net:5432': false,
      'evilpg.example.net:5432': false,
      '::1:1234': true,
      '[::1]:1234': true,
      '10.1.2.3:5432': true,
      '10.1.2.3:6432': false,
      '10.2.0.1:5432': false,
      '167838211 (10.1.0.3):5432': true,
      '192.168.1.1:6432': true,
      '192.168.1.1:5432': false,
      'fd12::1:9': true,
      '127.0.0.1:5432': false,
      'localhost:5432': false,
    });
    expect(list.holdsAddress('10.1.9.9', 5432, 5432)).toBe(true);
    expect(list.holdsAddress('10.1.9.9', 80, 5432)).toBe(false);
    expect(hostList(undefined, 'X').entries).toEqual([]);
    expect(hostList(' , ', 'X').names('db.example.com', 5432, 5432)).toBe(false);
  });

  it('stops the start on an entry that is not one, naming the option and the entry', () => {
    for (const entry of [
      'postgres://db.example.com',
      'db.example.com/x',
      'user@db.example.com',
      '*.10.0.0.1',
      '10.0.0.0/33',
      '10.0.0/8',
      'db.example.com:0',
      'db.example.com:70000',
      '10.0.0.0/8:0',
      'db..example.com',
    ]) {
      expect(() => loadConfig({ PUSHDECK_CLUSTER_HOSTS: `db.example.com,${entry}` }), entry).toThrow(
        `PUSHDECK_CLUSTER_HOSTS: Invalid host "${entry}"`,
      );
      expect(() => loadConfig({ PUSHDECK_S3_HOSTS: entry }), entry).toThrow(
        `PUSHDECK_S3_HOSTS: Invalid host "${entry}"`,
      );
    }
    expect(loadConfig({}).clusterHosts.entries).toEqual([]);
    expect(loadConfig({ PUSHDECK_S3_HOSTS: '127.0.0.1:*' }).s3Hosts.names('127.0.0.1', 9000, 80)).toBe(true);
  });

  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    const verdicts = Object.fromEntries(
      [
        '52.216.8.1',
        '8.8.8.8',
        '2606:4700::1111',
        '::ffff:52.216.8.1',
        '127.0.0.1',
        '10.0.0.5',
        '172.20.1.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '224.0.0.1',
        '::1',
        '::',
        'fd00::1',
        'fe80::1',
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        'localhost',
      ].map((a) => [a, isPublicAddress(a)]),
    );
    expect(verdicts).toEqual({
      '52.216.8.1': true,
      '8.8.8.8': true,
      '2606:4700::1111': true,
      '::ffff:52.216.8.1': true,
      '127.0.0.1': false,
      '10.0.0.5': false,
      '172.20.1.1': false,
      '192.168.1.1': false,
      '169.254.169.254': false,
      '100.64.0.1': false,
      '0.0.0.0': false,
      '224.0.0.1': false,
      '::1': false,
      '::': false,
      'fd00::1': false,
      'fe80::1': false,
      '::ffff:127.0.0.1': false,
      '::ffff:7f00:1': false,
      localhost: false,
    });
  });
});
