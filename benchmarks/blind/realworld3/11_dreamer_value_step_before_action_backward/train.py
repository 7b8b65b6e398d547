import argparse
import numpy as np
import torch

from env.point_mass import PointMass
from agent.model import TransitionModel, ValueModel, ActionModel
from agent.trainer import DreamerTrainer


def collect(env, action_model, transition, episodes, explore=True):
    buf = []
    for _ in range(episodes):
        obs, done = env.reset(), False
        while not done:
            with torch.no_grad():
                s = transition.encoder(torch.as_tensor(obs).unsqueeze(0))
                a = action_model(s, training=explore).item() if action_model else np.random.uniform(-1, 1)
            next_obs, r, done = env.step(a)
            buf.append((obs, [a], [r], next_obs))
            obs = next_obs
    return buf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--all-episodes', type=int, default=6)
    parser.add_argument('--seed-episodes', type=int, default=3)
    parser.add_argument('--collect-interval', type=int, default=10)
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--imagination-horizon', type=int, default=8)
    parser.add_argument('--gamma', type=float, default=0.9)
    parser.add_argument('--lambda_', type=float, default=0.95)
    parser.add_argument('--model_lr', type=float, default=6e-4)
    parser.add_argument('--value_lr', type=float, default=8e-5)
    parser.add_argument('--action_lr', type=float, default=8e-5)
    parser.add_argument('--clip-grad-norm', type=int, default=100)
    args = parser.parse_args()

    torch.manual_seed(0)
    np.random.seed(0)
    env = PointMass(seed=0)
    transition, value_model, action_model = TransitionModel(), ValueModel(), ActionModel()
    trainer = DreamerTrainer(transition, value_model, action_model, args)

    replay = collect(env, None, transition, args.seed_episodes)
    for episode in range(args.seed_episodes, args.all_episodes):
        for update_step in range(args.collect_interval):
            idx = np.random.randint(0, len(replay), args.batch_size)
            obs, a, r, nobs = (torch.as_tensor(np.array([replay[i][k] for i in idx]), dtype=torch.float32)
                               for k in range(4))
            start = trainer.update_model(obs, a, r, nobs)
            value_loss, action_loss = trainer.update_behavior(start)
        replay += collect(env, action_model, transition, 1)
        print('episode [%d/%d] value_loss %.4f action_loss %.4f' % (episode + 1, args.all_episodes,
                                                                      value_loss, action_loss))


if __name__ == '__main__':
    main()
