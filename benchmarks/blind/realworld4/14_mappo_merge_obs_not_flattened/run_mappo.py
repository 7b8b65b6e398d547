import argparse

import numpy as np
import torch as th

from highway_env.merge_env import MergeEnvMARL
from MARL.MAPPO import MAPPO


def parse_args():
    parser = argparse.ArgumentParser(description='Train or evaluate policy on RL environment using mappo')
    parser.add_argument('--episodes', type=int, default=20)
    parser.add_argument('--n_agents', type=int, default=2)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--actor_lr', type=float, default=5e-4)
    parser.add_argument('--critic_lr', type=float, default=5e-4)
    return parser.parse_args()


def train(args):
    np.random.seed(args.seed)
    th.manual_seed(args.seed)
    env = MergeEnvMARL(n_agents=args.n_agents, seed=args.seed)
    state_dim = env.n_s
    action_dim = env.n_a

    mappo = MAPPO(env=env, state_dim=state_dim, action_dim=action_dim,
                  actor_lr=args.actor_lr, critic_lr=args.critic_lr)

    while mappo.n_episodes < args.episodes:
        mappo.interact()
        a_loss, c_loss = mappo.train()
        if mappo.n_episodes % 5 == 0:
            print("Episode %d, actor loss %.4f, critic loss %.4f, last episode reward %.2f" % (
                mappo.n_episodes, a_loss, c_loss, mappo.episode_rewards[-2] if len(mappo.episode_rewards) > 1 else 0))
    print("Training done, average reward %.3f" % np.mean(mappo.episode_rewards[:-1]))


if __name__ == "__main__":
    args = parse_args()
    train(args)
